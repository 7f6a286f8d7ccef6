import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearFailedSignIns, endUserSessions, giveAllSurveys, resetPassword, userProjectsQuery, type AdminUser } from '../../../api/admin-users';
import { invalidateAfterAdminWrite } from '../../../api/query-keys';
import { errorText } from '../../../api/error-text';
import { isMemberRole } from '../../../domain/roles';

interface Props {
  user: AdminUser;
  /** The ticked projects (saved with the form); null until the user's projects have loaded. */
  selected: number[] | null;
  onSelect: (ids: number[]) => void;
}

/**
 * A user's access in the edit form (issue 33): the surveys of their client they are a member of (saved with the
 * form), "all surveys of this client" in one action, failed sign-ins, sessions and a password reset (at once).
 */
export function UserAccess({ user, selected, onSelect }: Props) {
  const { t } = useTranslation('admin.users');
  const queryClient = useQueryClient();
  const member = isMemberRole(user.role) && user.client_id !== null;
  const projects = useQuery({ ...userProjectsQuery(user.user_id), enabled: member });
  const [note, setNote] = useState<string | null>(null);
  const [temporary, setTemporary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = projects.data?.projects ?? [];
  const ticked = selected ?? list.filter((p) => p.member).map((p) => p.project_id);

  const act = async (op: () => Promise<string>) => {
    setBusy(true);
    setNote(null);
    try {
      setNote(await op());
      await invalidateAfterAdminWrite(queryClient);
    } catch (e) {
      setNote(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: number) => onSelect(ticked.includes(id) ? ticked.filter((x) => x !== id) : [...ticked, id]);

  return (
    <div className="user-access" data-testid="user-access">
      {member && (
        <fieldset className="form-field" data-testid="user-projects">
          <legend className="form-field__label">{t('access.projects', { client: user.client_name ?? '' })}</legend>
          {projects.isPending && <p>{t('access.loading')}</p>}
          {projects.isSuccess && list.length === 0 && <p>{t('access.none')}</p>}
          <div className="form-checks">
            {list.map((p) => (
              <label key={p.project_id}>
                <input type="checkbox" checked={ticked.includes(p.project_id)} onChange={() => toggle(p.project_id)} disabled={busy} />
                <span>
                  {p.name} <small dir="ltr">{p.observation_date ?? ''}</small>
                </span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--small"
            data-testid="give-all-surveys"
            disabled={busy || list.length === 0}
            onClick={() =>
              void act(async () => {
                const r = await giveAllSurveys(user.user_id);
                onSelect(r.projects.map((p) => p.project_id));
                return t('access.allGiven', { count: r.projects.length });
              })
            }
          >
            {t('access.giveAll', { client: user.client_name ?? '' })}
          </button>
        </fieldset>
      )}
      <div className="user-access__row" data-testid="user-sign-ins">
        <span>{t('access.failed', { count: user.failed_sign_ins })}</span>
        {user.failed_sign_ins > 0 && (
          <button
            type="button"
            className="btn btn--small"
            disabled={busy}
            onClick={() => void act(async () => (await clearFailedSignIns(user.user_id), t('access.cleared')))}
          >
            {t('access.clear')}
          </button>
        )}
      </div>
      <div className="user-access__row" data-testid="user-sessions">
        <span>{t('access.sessions', { count: user.active_sessions })}</span>
        <button
          type="button"
          className="btn btn--small"
          data-testid="end-user-sessions"
          disabled={busy}
          onClick={() => void act(async () => t('access.ended', { count: (await endUserSessions(user.user_id)).ended }))}
        >
          {t('access.endAll')}
        </button>
      </div>
      <div className="user-access__row">
        <button
          type="button"
          className="btn btn--small"
          data-testid="reset-password"
          disabled={busy}
          onClick={() =>
            void act(async () => {
              const r = await resetPassword(user.user_id);
              setTemporary(r.temporary_password);
              return t('access.resetDone');
            })
          }
        >
          {t('access.reset')}
        </button>
      </div>
      {temporary && (
        <p className="user-access__temporary" role="status">
          {t('access.temporary')}{' '}
          <code dir="ltr" data-testid="temporary-password">
            {temporary}
          </code>
        </p>
      )}
      {note && (
        <p role="status" data-testid="user-access-note">
          {note}
        </p>
      )}
    </div>
  );
}
