import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plotsByClient, updateProject, type AdminPlot, type AdminProject } from '../../../api/admin-projects';
import { Field, useForm } from '../../../components/form';
import { withReason } from '../../../components/table-data';
import { PlotChecklist, detectedCrops } from './plot-checklist';

/** Project edit (admin.md §7): name, observation_date and the plots of the project's client. */
export function ProjectEditForm({ project, onSaved, onError, setBusy }: { project: AdminProject; onSaved: () => void; onError: (m: string) => void; setBusy: (b: boolean) => void }) {
  const { t } = useTranslation('admin.projects');
  const form = useForm(
    { name: project.name, observation_date: project.observation_date ?? '', plot_ids: project.plot_ids },
    {
      name: { label: t('fields.name'), required: true, maxLength: 200 },
      observation_date: { label: t('fields.observationDate'), required: true },
    },
  );
  const [plots, setPlots] = useState<AdminPlot[] | null>(null);
  const [plotsError, setPlotsError] = useState<string | null>(null);
  useEffect(() => {
    const c = new AbortController();
    plotsByClient(project.client_id, c.signal).then(
      (p) => !c.signal.aborted && setPlots(p),
      (e) => !c.signal.aborted && setPlotsError(withReason(t('errors.plots'), e)),
    );
    return () => c.abort();
  }, [project.client_id, t]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      await updateProject(project.project_id, { ...form.values, name: form.values.name.trim(), version: project.version });
      onSaved();
    } catch (err) {
      form.setServerErrors(err);
      onError(withReason(t('errors.update'), err));
    } finally {
      setBusy(false);
    }
  };
  const crops = detectedCrops(plots ?? [], form.values.plot_ids);
  return (
    <form id="project-form" onSubmit={submit} noValidate data-testid="project-edit-form">
      <div className="form-row">
        <Field form={form} name="name" label={t('fields.name')} required>
          <input {...form.input('name')} />
        </Field>
        <Field form={form} name="observation_date" label={t('fields.observationDate')} required>
          <input {...form.input('observation_date')} type="date" />
        </Field>
      </div>
      <div className="form-field">
        <span className="form-field__label">{t('fields.plots')} — {project.client_name}</span>
        {plotsError ? (
          <p className="form-field__error">{plotsError}</p>
        ) : plots === null ? (
          <p className="project-plots__note">{t('loadingPlots')}</p>
        ) : plots.length === 0 ? (
          <p className="project-plots__note">{t('noPlots')}</p>
        ) : (
          <PlotChecklist plots={plots} selected={form.values.plot_ids} onChange={(ids) => form.set('plot_ids', ids)} />
        )}
        {form.errors.plot_ids && <span className="form-field__error">{form.errors.plot_ids}</span>}
      </div>
      {crops.length > 0 && (
        <p className="project-crops" data-testid="detected-crops">
          <strong>{t('detectedCrops')}:</strong> {crops.join(', ')}
        </p>
      )}
    </form>
  );
}
