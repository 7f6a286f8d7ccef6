import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProject, type AdminProject } from '../../../api/admin-projects';
import type { AdminUser } from '../../../api/admin-users';
import { useForm } from '../../../components/form';
import { MembersField, NameDateRow, PlotsField, memberCandidates, nameDateRules, useClientPlots, type SaveProject } from './project-form-parts';

/**
 * Project edit (admin.md §7, extended by issue 33): name, observation_date, the plots of the project's client and
 * its members (growers and field workers of that client, the create form's rule; README Decisions: membership).
 */
export function ProjectEditForm({ project, users, save }: { project: AdminProject; users: AdminUser[]; save: SaveProject }) {
  const { t } = useTranslation('admin.projects');
  const form = useForm(
    { name: project.name, observation_date: project.observation_date ?? '', plot_ids: project.plot_ids, user_ids: project.user_ids },
    nameDateRules(t),
  );
  const { plots, error } = useClientPlots(project.client_id);
  const members = useMemo(() => memberCandidates(users, project.client_id), [users, project.client_id]);
  const toggleUser = (id: number) =>
    form.set('user_ids', form.values.user_ids.includes(id) ? form.values.user_ids.filter((x) => x !== id) : [...form.values.user_ids, id]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    await save(() => updateProject(project.project_id, { ...form.values, name: form.values.name.trim(), version: project.version }), form.setServerErrors);
  };
  return (
    <form id="project-form" onSubmit={submit} noValidate data-testid="project-edit-form">
      <NameDateRow form={form} />
      <MembersField form={form} users={members} onToggle={toggleUser} required={false} />
      <PlotsField
        label={`${t('fields.plots')} — ${project.client_name}`}
        plots={plots}
        error={error}
        selected={form.values.plot_ids}
        onChange={(ids) => form.set('plot_ids', ids)}
        fieldError={form.errors.plot_ids}
      />
    </form>
  );
}
