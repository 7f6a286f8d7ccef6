import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { updateProject, type AdminProject } from '../../../api/admin-projects';
import type { AdminUser } from '../../../api/admin-users';
import { useForm } from '../../../components/form';
import { updateProjectBody } from '../../../domain/contracts/admin-projects';
import { MembersField, NameDateRow, PlotsField, memberCandidates, nameDateLabels, useClientPlots, type SaveProject } from './project-form-parts';

/**
 * Project edit (admin.md §7, extended by issue 33): name, observation_date, the plots of the project's client and
 * its members (growers and field workers of that client, the create form's rule; README Decisions: membership).
 */
export function ProjectEditForm({ project, users, save }: { project: AdminProject; users: AdminUser[]; save: SaveProject }) {
  const { t } = useTranslation('admin.projects');
  type Values = { name: string; observation_date: string; plot_ids: number[]; user_ids: number[] };
  const bodyOf = (v: Values) => ({ ...v, name: v.name.trim(), version: project.version });
  const form = useForm<Values>(
    { name: project.name, observation_date: project.observation_date ?? '', plot_ids: project.plot_ids, user_ids: project.user_ids },
    {
      schema: updateProjectBody,
      body: bodyOf,
      labels: { ...nameDateLabels(t), user_ids: t('fields.users'), plot_ids: t('fields.plots') },
    },
  );
  const { plots, error } = useClientPlots(project.client_id);
  const members = useMemo(() => memberCandidates(users, project.client_id), [users, project.client_id]);
  const toggleUser = (id: number) =>
    form.set('user_ids', form.values.user_ids.includes(id) ? form.values.user_ids.filter((x) => x !== id) : [...form.values.user_ids, id]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    await save(() => updateProject(project.project_id, bodyOf(form.values)), form.setServerErrors);
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
