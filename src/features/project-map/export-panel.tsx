// Export (issue 13): the trees the map shows, as GeoJSON, CSV, a zipped
// shapefile or KML. Each button is the API call GET /api/projects/{id}/export
// with the screen's filter (colour mode, hidden legend classes, the selected
// plot or irrigation area), so integrators get exactly the same files.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Isolate, withData } from '../../components/bidi';
import { downloadFile } from '../../api/download';
import { errorText } from '../../api/error-text';
import { EXPORT_EXTENSIONS, EXPORT_FORMATS, exportUrl, type ExportFormat } from '../../domain/export';
import type { ColourMode } from '../../map/geo-client';
import { shownCount } from '../../../workers/geo/colours';
import { PanelHeader } from './panel-header';

import type { ExportScope } from './controller';

interface Props {
  projectId: number;
  mode: ColourMode;
  hidden: readonly number[];
  /** Trees per legend class (the worker's counts): the panel shows how many the file will hold. */
  counts: Uint32Array | null;
  /** The plot or irrigation area selected on the map, if any (offered as a narrower export). */
  scope: ExportScope | null;
  /** The survey compared with: the files get the change fields. */
  compare?: number;
  onClose: () => void;
}

export function ExportPanel(p: Props) {
  const { t, i18n } = useTranslation('project-map');
  const [onlyScope, setOnlyScope] = useState(true);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const nf = new Intl.NumberFormat(i18n.language);
  const count = p.counts ? shownCount(p.counts, p.hidden) : 0;
  const scope = onlyScope ? p.scope : null;

  const run = async (format: ExportFormat) => {
    setBusy(format);
    setMessage(null);
    try {
      const url = exportUrl(p.projectId, {
        format,
        mode: p.mode,
        hide: p.hidden.length ? p.hidden.join(',') : undefined,
        plotId: scope?.kind === 'plot' ? scope.id : undefined,
        irrigationAreaId: scope?.kind === 'area' ? scope.id : undefined,
        lang: i18n.language.startsWith('he') ? 'he' : 'en',
        compare: p.compare,
      });
      const name = await downloadFile(url, `trees.${EXPORT_EXTENSIONS[format]}`);
      setMessage({ text: t('export.saved', { name }), error: false });
    } catch (e) {
      setMessage({ text: t('export.failed', { message: errorText(e, t) }), error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="pm-export" aria-label={t('export.title')} data-testid="pm-export">
      <PanelHeader title={t('export.title')} onClose={p.onClose} closeTestId="pm-export-close" />
      <div className="pm-export__body">
        <p className="pm-export__hint">{t('export.hint')}</p>
        {!scope && (
          <p className="pm-export__count" data-testid="pm-export-count">
            {t('export.count', { n: nf.format(count) })}
          </p>
        )}
        {p.scope && (
          <label className="pm-export__scope">
            <input type="checkbox" checked={onlyScope} onChange={(e) => setOnlyScope(e.target.checked)} data-testid="pm-export-scope" />
            <span dir="auto">{withData(t('export.onlySelection', { name: p.scope.name }), p.scope.name)}</span>
          </label>
        )}
        <div className="pm-export__formats">
          {EXPORT_FORMATS.map((f) => (
            <button key={f} type="button" className="btn btn--small" disabled={busy !== null} onClick={() => void run(f)} data-testid={`pm-export-${f}`}>
              {busy === f ? t('export.working', { format: t(`export.${f}`) }) : <Isolate text={t(`export.${f}`)} />}
            </button>
          ))}
        </div>
        {message && (
          <p role={message.error ? 'alert' : 'status'} className={message.error ? 'pm-export__error' : 'pm-export__done'} dir="auto">
            {message.text}
          </p>
        )}
      </div>
    </section>
  );
}
