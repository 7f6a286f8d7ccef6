// The project map's Report button: downloads the printable survey report (the
// API call GET /api/projects/{id}/report.pdf) in the app's language, with the
// change since the compared survey when one is open.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { errorText } from '../../api/error-text';
import { reportUrl } from '../../domain/export';
import { serverReachable } from '../../api/reachability';

export function useReport(projectId: number, comparedId: number | null) {
  const { t, i18n } = useTranslation('project-map');
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const run = useCallback(async () => {
    // The report is made by the server: without a connection (or a server that does not answer) it says so
    // instead of failing (issue 35).
    if (!serverReachable()) return setState({ busy: false, message: t('device.needsConnectionText') });
    setState({ busy: true, message: t('report.working') });
    try {
      const lang = i18n.language.startsWith('he') ? 'he' : 'en';
      await downloadFile(reportUrl(projectId, { lang, compare: comparedId }), 'report.pdf', 'application/pdf');
      setState({ busy: false, message: null });
    } catch (e) {
      setState({ busy: false, message: t('report.failed', { message: errorText(e, t) }) });
    }
  }, [projectId, comparedId, t, i18n.language]);
  return { ...state, run, dismiss: () => setState({ busy: false, message: null }) };
}
