import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plotsByClientQuery, type AdminPlot, type AdminProject } from '../../../api/admin-projects';
import { Field, type FormApi } from '../../../components/form';
import { withReason } from '../../../components/table-data';
import { PlotChecklist, detectedCrops } from './plot-checklist';
import type { AdminUser } from '../../../api/admin-users';
import { isMemberRole } from '../../../domain/roles';

// What the project create and edit forms have in common (admin.md §5, §7):
// name + observation date, the plots of one client, the detected crops.

export interface NameDate {
  name: string;
  observation_date: string;
}

/** Saves through the page's useCrud (busy flag, banner, invalidation of the lists). */
export type SaveProject = (op: (item: AdminProject | null) => Promise<unknown>, setServerErrors?: (e: unknown) => unknown) => Promise<void>;

/** The labels of the name and date fields. */
export const nameDateLabels = (t: (key: string) => string) => ({ name: t('fields.name'), observation_date: t('fields.observationDate') });

export function NameDateRow<V extends NameDate>({ form }: { form: FormApi<V> }) {
  const { t } = useTranslation('admin.projects');
  // FormApi is invariant in V; the two fields exist on every V here.
  const f = form as unknown as FormApi<NameDate>;
  return (
    <div className="form-row">
      <Field form={f} name="name" label={t('fields.name')} required>
        <input {...f.input('name')} />
      </Field>
      <Field form={f} name="observation_date" label={t('fields.observationDate')} required>
        <input {...f.input('observation_date')} type="date" />
      </Field>
    </div>
  );
}

/** The plots of one client (null: none to load); each client its own query, so a change of client starts from nothing. */
export function useClientPlots(clientId: number | null): { plots: AdminPlot[] | null; error: string | null } {
  const { t } = useTranslation('admin.projects');
  const query = useQuery({ ...plotsByClientQuery(clientId ?? 0), enabled: clientId !== null });
  if (clientId === null) return { plots: null, error: null };
  return { plots: query.data ?? null, error: query.error ? withReason(t('errors.plots'), query.error) : null };
}

export interface PlotsFieldProps {
  label: string;
  /** Shown instead of the plots (e.g. "select users first"). */
  note?: React.ReactNode;
  plots: AdminPlot[] | null;
  error: string | null;
  selected: number[];
  onChange: (ids: number[]) => void;
  fieldError?: string;
}

/** Plot checklist with its loading / error / empty states, then the detected crops. */
export function PlotsField({ label, note, plots, error, selected, onChange, fieldError }: PlotsFieldProps) {
  const { t } = useTranslation('admin.projects');
  const crops = detectedCrops(plots ?? [], selected);
  return (
    <>
      <div className="form-field">
        <span className="form-field__label">{label}</span>
        {note ? (
          note
        ) : error ? (
          <p className="form-field__error">{error}</p>
        ) : plots === null ? (
          <p className="project-plots__note">{t('loadingPlots')}</p>
        ) : plots.length === 0 ? (
          <p className="project-plots__note" data-testid="plots-note">
            {t('noPlots')}
          </p>
        ) : (
          <PlotChecklist plots={plots} selected={selected} onChange={onChange} />
        )}
        {fieldError && <span className="form-field__error">{fieldError}</span>}
      </div>
      {crops.length > 0 && (
        <p className="project-crops" data-testid="detected-crops">
          <strong>{t('detectedCrops')}:</strong> {crops.join(', ')}
        </p>
      )}
    </>
  );
}

/** Who can be a member of a project: growers and field workers with a client (admins see every project). */
export const memberCandidates = (users: AdminUser[], clientId?: number) =>
  users.filter((u) => isMemberRole(u.role) && u.client_id !== null && (clientId === undefined || u.client_id === clientId));

/** The members checklist of the create and edit forms: each user with their client and role. */
export function MembersField<V extends { user_ids: number[] }>(p: {
  form: FormApi<V>;
  users: AdminUser[];
  onToggle: (id: number) => void;
  required?: boolean;
}) {
  const { users, onToggle } = p;
  const { t } = useTranslation('admin.projects');
  const f = p.form as unknown as FormApi<{ user_ids: number[] }>;
  return (
    <Field form={f} name="user_ids" label={t('fields.users')} required={p.required ?? true}>
      <div className="form-checks" id={`${f.idPrefix}-user_ids`} data-testid="project-users">
        {users.map((u) => (
          <label key={u.user_id}>
            <input type="checkbox" checked={f.values.user_ids.includes(u.user_id)} onChange={() => onToggle(u.user_id)} />
            <span>
              {u.email}{' '}
              <small>
                ({u.client_name}
                {u.role === 'worker' ? ` · ${t('worker')}` : ''})
              </small>
            </span>
          </label>
        ))}
      </div>
    </Field>
  );
}
