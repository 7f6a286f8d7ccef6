import { useTranslation } from 'react-i18next';
import { updateProject, type AdminProject } from '../../../api/admin-projects';
import { useForm } from '../../../components/form';
import { NameDateRow, PlotsField, nameDateRules, useClientPlots, type SaveProject } from './project-form-parts';

/** Project edit (admin.md §7): name, observation_date and the plots of the project's client. */
export function ProjectEditForm({ project, save }: { project: AdminProject; save: SaveProject }) {
  const { t } = useTranslation('admin.projects');
  const form = useForm({ name: project.name, observation_date: project.observation_date ?? '', plot_ids: project.plot_ids }, nameDateRules(t));
  const { plots, error } = useClientPlots(project.client_id);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    await save(() => updateProject(project.project_id, { ...form.values, name: form.values.name.trim(), version: project.version }), form.setServerErrors);
  };
  return (
    <form id="project-form" onSubmit={submit} noValidate data-testid="project-edit-form">
      <NameDateRow form={form} />
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
