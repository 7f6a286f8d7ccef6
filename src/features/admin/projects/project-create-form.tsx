import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS, createProject, plotsByClient, type AdminPlot } from '../../../api/admin-projects';
import type { AdminUser } from '../../../api/admin-users';
import { Field, useForm } from '../../../components/form';
import { withReason } from '../../../components/table-data';
import { PlotChecklist, detectedCrops } from './plot-checklist';

interface Values {
  name: string;
  observation_date: string;
  user_ids: number[];
  products: string[];
  plot_ids: number[];
}

/**
 * Project create form (admin.md §5): users multi-select; changing the users
 * clears the chosen plots and reloads the plots of those users' client.
 */
export function ProjectCreateForm({ users, onSaved, onError, setBusy }: { users: AdminUser[]; onSaved: () => void; onError: (m: string) => void; setBusy: (b: boolean) => void }) {
  const { t } = useTranslation('admin.projects');
  const form = useForm<Values>(
    { name: '', observation_date: '', user_ids: [], products: [], plot_ids: [] },
    {
      name: { label: t('fields.name'), required: true, maxLength: 200 },
      observation_date: { label: t('fields.observationDate'), required: true },
      user_ids: { label: t('fields.users'), required: true },
      products: { label: t('fields.products'), required: true },
    },
  );
  const [plots, setPlots] = useState<AdminPlot[] | null>(null);
  const [plotsError, setPlotsError] = useState<string | null>(null);
  const growers = useMemo(() => users.filter((u) => u.role === 'user' && u.client_id !== null), [users]);
  const clientIds = useMemo(
    () => [...new Set(growers.filter((u) => form.values.user_ids.includes(u.user_id)).map((u) => u.client_id as number))],
    [growers, form.values.user_ids],
  );
  const clientKey = clientIds.join(',');

  useEffect(() => {
    setPlots(null);
    setPlotsError(null);
    if (clientIds.length !== 1) return;
    const c = new AbortController();
    plotsByClient(clientIds[0], c.signal).then(
      (p) => !c.signal.aborted && setPlots(p),
      (e) => !c.signal.aborted && setPlotsError(withReason(t('errors.plots'), e)),
    );
    return () => c.abort();
    // clientKey stands for clientIds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clientKey, t]);

  const toggleUser = (id: number) => {
    const next = form.values.user_ids.includes(id) ? form.values.user_ids.filter((x) => x !== id) : [...form.values.user_ids, id];
    form.set('user_ids', next);
    form.set('plot_ids', []);
  };
  const toggleProduct = (id: string) =>
    form.set('products', form.values.products.includes(id) ? form.values.products.filter((x) => x !== id) : [...form.values.products, id]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.validate()) return;
    setBusy(true);
    try {
      await createProject({ ...form.values, name: form.values.name.trim() });
      onSaved();
    } catch (err) {
      form.setServerErrors(err);
      onError(withReason(t('errors.create'), err));
    } finally {
      setBusy(false);
    }
  };

  const crops = detectedCrops(plots ?? [], form.values.plot_ids);
  return (
    <form id="project-form" onSubmit={submit} noValidate data-testid="project-create-form">
      <div className="form-row">
        <Field form={form} name="name" label={t('fields.name')} required>
          <input {...form.input('name')} />
        </Field>
        <Field form={form} name="observation_date" label={t('fields.observationDate')} required>
          <input {...form.input('observation_date')} type="date" />
        </Field>
      </div>
      <Field form={form} name="user_ids" label={t('fields.users')} required>
        <div className="form-checks" id={`${form.idPrefix}-user_ids`} data-testid="project-users">
          {growers.map((u) => (
            <label key={u.user_id}>
              <input type="checkbox" checked={form.values.user_ids.includes(u.user_id)} onChange={() => toggleUser(u.user_id)} />
              <span>{u.email} <small>({u.client_name})</small></span>
            </label>
          ))}
        </div>
      </Field>
      <div className="form-field">
        <span className="form-field__label">{t('fields.plots')}</span>
        {form.values.user_ids.length === 0 ? (
          <p className="project-plots__note" data-testid="plots-note">{t('selectUsersFirst')}</p>
        ) : clientIds.length > 1 ? (
          <p className="form-field__error" data-testid="plots-note">{t('oneClientOnly')}</p>
        ) : plotsError ? (
          <p className="form-field__error">{plotsError}</p>
        ) : plots === null ? (
          <p className="project-plots__note">{t('loadingPlots')}</p>
        ) : plots.length === 0 ? (
          <p className="project-plots__note" data-testid="plots-note">{t('noPlots')}</p>
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
      <Field form={form} name="products" label={t('fields.products')} required>
        <div className="form-checks" id={`${form.idPrefix}-products`} data-testid="project-products">
          {PRODUCTS.map((p) => (
            <label key={p}>
              <input type="checkbox" checked={form.values.products.includes(p)} onChange={() => toggleProduct(p)} />
              <span>{t(`products.${p}`)}</span>
            </label>
          ))}
        </div>
      </Field>
    </form>
  );
}
