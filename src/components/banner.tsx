/**
 * ErrorBanner — a dismissible error banner (admin.md §4: "Errors show in a
 * dismissible banner"). Renders nothing without a message.
 *
 * Usage:
 *   const [error, setError] = useState<string | null>(null);
 *   <ErrorBanner message={error} onDismiss={() => setError(null)} />
 *   <ErrorBanner message={loadError} onRetry={reload} />   // adds a retry button
 */
import { useTranslation } from 'react-i18next';
import './banner.css';

export interface ErrorBannerProps {
  message: string | null | undefined;
  onDismiss?: () => void;
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
}

export function ErrorBanner({ message, onDismiss, onRetry, retryLabel, testId = 'error-banner' }: ErrorBannerProps) {
  const { t } = useTranslation('admin');
  if (!message) return null;
  return (
    <div className="error-banner" role="alert" data-testid={testId}>
      {/* dir=auto: a server text this app has no words for stays English and reads left to right. */}
      <span className="error-banner__text" dir="auto">
        {message}
      </span>
      {onRetry && (
        <button type="button" className="btn btn--small" onClick={onRetry}>
          {retryLabel ?? t('ui.retry')}
        </button>
      )}
      {onDismiss && (
        <button type="button" className="error-banner__dismiss" aria-label={t('ui.dismiss')} onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
