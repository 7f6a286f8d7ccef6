import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCTS, createProject } from '../../../api/admin-projects';
import type { AdminUser } from '../../../api/admin-users';
import { Field, useForm } from '../../../components/form';
import { createProjectBody } from '../../../domain/contracts/admin-projects';
import { MembersField, NameDateRow, PlotsField, memberCandidates, nameDateLabels, useClientPlots, type SaveProject } from './project-form-parts';

interface Values {
  name: string;
  observation_date: string;
  user_ids: number[];
  products: string[];
  plot_ids: number[];
}

const bodyOf = (v: Values) => ({ ...v, name: v.name.trim() });

/**
 * Project create form (admin.md §5): users multi-select; changing the users
 * clears the chosen plots and reloads the plots of those users' client.
 */
export function ProjectCreateForm({ users, save }: { users: AdminUser[]; save: SaveProject }) {
  const { t } = useTranslation('admin.projects');
  const form = useForm<Values>(
    { name: '', observation_date: '', user_ids: [], products: [], plot_ids: [] },
    {
      schema: createProjectBody,
      body: bodyOf,
      labels: { ...nameDateLabels(t), user_ids: t('fields.users'), products: t('fields.products'), plot_ids: t('fields.plots') },
    },
  );
  const growers = useMemo(() => memberCandidates(users), [users]);
  const clientIds = useMemo(
    () => [...new Set(growers.filter((u) => form.values.user_ids.includes(u.user_id)).map((u) => u.client_id as number))],
    [growers, form.values.user_ids],
  );
  // Plots load only when the chosen users belong to exactly one client.
  const { plots, error } = useClientPlots(clientIds.length === 1 ? clientIds[0] : null);

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
    await save(() => createProject(bodyOf(form.values)), form.setServerErrors);
  };

  return (
    <form id="project-form" onSubmit={submit} noValidate data-testid="project-create-form">
      <NameDateRow form={form} />
      <MembersField form={form} users={growers} onToggle={toggleUser} />
      <PlotsField
        label={t('fields.plots')}
        note={
          form.values.user_ids.length === 0 ? (
            <p className="project-plots__note" data-testid="plots-note">
              {t('selectUsersFirst')}
            </p>
          ) : clientIds.length > 1 ? (
            <p className="form-field__error" data-testid="plots-note">
              {t('oneClientOnly')}
            </p>
          ) : undefined
        }
        plots={plots}
        error={error}
        selected={form.values.plot_ids}
        onChange={(ids) => form.set('plot_ids', ids)}
        fieldError={form.errors.plot_ids}
      />
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
