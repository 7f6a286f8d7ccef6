import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import './crash.css';

// A render error, or a code chunk that cannot load, shows this instead of a
// white page (admin.md §2 crash fallback): Reload Page, or Try Again in place.
export function CrashFallback({ resetErrorBoundary }: FallbackProps) {
  const { t } = useTranslation('common');
  return (
    <div className="crash" role="alert" data-testid="crash">
      <h1>{t('crash.title')}</h1>
      <p>{t('crash.message')}</p>
      <div className="crash__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('crash.reload')}
        </button>
        <button type="button" className="btn" onClick={resetErrorBoundary}>
          {t('crash.tryAgain')}
        </button>
      </div>
    </div>
  );
}

/** One per route: a crash stays inside its page, and navigating elsewhere clears it. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={CrashFallback} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
