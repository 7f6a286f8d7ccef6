/**
 * DelayedLoading — a loading indicator that appears only when loading lasts
 * longer than 300 ms (admin.md §4), so fast loads do not flicker.
 *
 * Usage:
 *   <DelayedLoading loading={loading} />            // spinner + "Loading…"
 *   const show = useDelayedFlag(loading);           // the flag alone
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const LOADING_DELAY_MS = 300;

export function useDelayedFlag(flag: boolean, delayMs = LOADING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setShown(true), delayMs);
    // The flag went down (or the delay changed): hidden again, and the next rise waits anew.
    return () => {
      clearTimeout(timer);
      setShown(false);
    };
  }, [flag, delayMs]);
  return flag && shown;
}

export function DelayedLoading({ loading, label }: { loading: boolean; label?: string }) {
  const { t } = useTranslation('admin');
  const show = useDelayedFlag(loading);
  if (!show) return null;
  return (
    <div className="delayed-loading" role="status" aria-live="polite" data-testid="delayed-loading">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('ui.loading')}</span>
    </div>
  );
}
