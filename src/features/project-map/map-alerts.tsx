// The banners over the map: load errors, the PDF report's progress or failure,
// and the duplicate-tree alerts the grower can close (client.md §5).
import { useTranslation } from 'react-i18next';
import { alertKindKey, type DuplicateAlert } from './duplicate-alerts';

interface Props {
  errors: string[];
  report: { busy: boolean; message: string | null; dismiss: () => void };
  alerts: DuplicateAlert[];
  onDismiss: (alert: string) => void;
}

export function MapAlerts({ errors, report, alerts, onDismiss }: Props) {
  const { t } = useTranslation('project-map');
  if (errors.length === 0 && alerts.length === 0 && !report.message) return null;
  return (
    <div className="pm-alerts">
      {errors.map((e) => (
        <div key={e} className="pm-alert pm-alert--error" role="alert">
          {e}
        </div>
      ))}
      {report.message && (
        <div className={`pm-alert${report.busy ? '' : ' pm-alert--error'}`} role={report.busy ? 'status' : 'alert'} data-testid="pm-report-status">
          <span>{report.message}</span>
          {!report.busy && (
            <button type="button" className="pm-close" onClick={report.dismiss} aria-label={t('layers.close')}>
              ✕
            </button>
          )}
        </div>
      )}
      {alerts.map((a) => (
        <div key={a.key} className="pm-alert" role="alert" data-testid="pm-duplicate-alert">
          <span>
            {t('alerts.duplicate', { kind: t(alertKindKey(a.kind)), ids: '' })}
            <bdi dir="ltr" translate="no">
              {a.ids.join(', ')}
            </bdi>
          </span>
          <button type="button" className="pm-close" onClick={() => onDismiss(a.key)} aria-label={t('layers.close')}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
