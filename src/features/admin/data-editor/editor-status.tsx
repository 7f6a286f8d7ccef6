import { useTranslation } from 'react-i18next';
import type { Session } from '../../../api/session';

// Loading screen, error screen with Retry / Reload Page and the debug section
// (admin.md §2): authentication present or missing, user and role, admin
// access yes/no, and the clients endpoint used.

export interface EditorStatusProps {
  kind: 'loading' | 'error';
  message: string;
  session: Session | null;
  onRetry?: () => void;
  onClear?: () => void;
}

export function EditorStatus({ kind, message, session, onRetry, onClear }: EditorStatusProps) {
  const { t } = useTranslation('admin.data-editor');
  if (kind === 'loading')
    return (
      <section className="data-editor data-editor--status" data-testid="editor-loading-screen" aria-busy="true">
        <div className="editor-spinner" aria-hidden="true" />
        <h2>{message}</h2>
        {onClear && (
          <button type="button" className="btn btn--small" onClick={onClear}>
            {t('clearLoading')}
          </button>
        )}
      </section>
    );
  const user = session?.user;
  return (
    <section className="data-editor data-editor--status" data-testid="editor-error-screen" role="alert">
      <h2>{t('errorTitle')}</h2>
      <p className="data-editor__error" data-testid="editor-error-message">
        {message}
      </p>
      <div className="data-editor__buttons">
        {onRetry && (
          <button type="button" className="btn btn--primary" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {t('reloadPage')}
        </button>
      </div>
      <details className="data-editor__debug" open>
        <summary>{t('debug.title')}</summary>
        <dl>
          <dt>{t('debug.auth')}</dt>
          <dd>{session?.token ? t('debug.present') : t('debug.missing')}</dd>
          <dt>{t('debug.user')}</dt>
          <dd>{user?.email ?? '–'}</dd>
          <dt>{t('debug.role')}</dt>
          <dd>{user?.role ?? t('errors.none')}</dd>
          <dt>{t('debug.admin')}</dt>
          <dd>{user?.role === 'admin' ? t('debug.yes') : t('debug.no')}</dd>
          <dt>{t('debug.endpoint')}</dt>
          <dd dir="ltr">/api/admin/clients</dd>
        </dl>
      </details>
    </section>
  );
}
