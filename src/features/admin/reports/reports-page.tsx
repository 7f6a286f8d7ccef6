import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statusName } from '../../../domain/tree-status-names';
import { clientsQuery } from '../../../api/admin-clients';
import { downloadTreeStatusCsv, treeStatusReportQuery } from '../../../api/admin-reports';
import { ErrorBanner } from '../../../components/banner';
import { DelayedLoading } from '../../../components/table-loading';
import { formatCount, formatShortDate, useTableData, withReason } from '../../../components/table-data';
import './reports.css';

/** Reports (/admin/reports): tree-status summary per project of one client, with CSV download. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation('admin.reports');
  const lang = i18n.language;
  const clients = useTableData(clientsQuery(), t('errors.clients'));
  // The chosen client, else the first one.
  const [chosen, setChosen] = useState<number | null>(null);
  const clientId = chosen ?? clients.data?.[0]?.client_id ?? null;
  // One query per client: switching shows nothing (or that client's cached report) until it has loaded.
  const reportData = useTableData({ ...treeStatusReportQuery(clientId ?? 0), enabled: clientId !== null }, t('errors.load'));
  const report = reportData.data ?? null;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const error = downloadError ?? reportData.error;

  const download = async () => {
    if (clientId === null) return;
    try {
      await downloadTreeStatusCsv(clientId);
    } catch (e) {
      setDownloadError(withReason(t('errors.download'), e));
    }
  };
  const choose = (id: number) => {
    setChosen(id);
    setDownloadError(null);
  };
  const dismiss = () => {
    setDownloadError(null);
    reportData.clearError();
  };
  return (
    <section data-testid="admin-reports">
      <div className="admin-page-head">
        <h2>{t('title')}</h2>
        <div className="reports__controls">
          <label>
            {t('client')}{' '}
            <select value={clientId ?? ''} onChange={(e) => choose(Number(e.target.value))} data-testid="report-client">
              {(clients.data ?? []).map((c) => (
                <option key={c.client_id} value={c.client_id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn--primary" onClick={() => void download()} disabled={!report}>
            {t('downloadCsv')}
          </button>
        </div>
      </div>
      <p>{t('intro')}</p>
      <ErrorBanner message={error ?? clients.error} onDismiss={dismiss} />
      <DelayedLoading loading={reportData.loading || clients.loading} />
      {report && (
        <div className="data-table">
          <div className="data-table__scroll">
            <table data-testid="report-table">
              <thead>
                <tr>
                  <th>{t('project')}</th>
                  <th>{t('date')}</th>
                  <th>{t('trees')}</th>
                  {report.statuses.map((s) => (
                    <th key={s.status_code}>{statusName(s.status_code, s.status_name, lang)}</th>
                  ))}
                  <th>{t('noStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {report.projects.map((p) => (
                  <tr key={p.project_id}>
                    <td translate="no">{p.name}</td>
                    <td>{formatShortDate(p.observation_date, lang)}</td>
                    <td>{formatCount(p.total_trees, lang)}</td>
                    {report.statuses.map((s) => (
                      <td key={s.status_code}>{formatCount(p.counts[String(s.status_code)] ?? 0, lang)}</td>
                    ))}
                    <td>{formatCount(p.no_status, lang)}</td>
                  </tr>
                ))}
                {report.projects.length === 0 && (
                  <tr>
                    <td colSpan={4 + report.statuses.length} className="data-table__empty">
                      {t('empty')}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
