import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { importSurveyResults, type ImportPhase, type ImportProgress, type ImportResult } from '../../../api/survey-import';
import { errorText } from '../../../api/error-text';
import { ApiError } from '../../../api/errors';

// Survey-results import: project, file, "create unmatched" flag, a progress
// bar for the upload and then the server's phases, the summary or every bad
// row with its line number (nothing is imported then).

/** Steps without a count of their own: the bar runs without a percentage. */
const UNCOUNTED = new Set<ImportPhase>(['parsing', 'matching', 'snapshot']);

export function ImportPanel({ projects, onImported }: { projects: { project_id: number; name: string }[]; onImported: () => void }) {
  const { t } = useTranslation('admin.data-editor');
  const [projectId, setProjectId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [create, setCreate] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<{ message: string; rows: { field: string; message: string }[] } | null>(null);
  const busy = progress !== null && progress.phase !== 'done';

  const start = async () => {
    if (!projectId || !file) return setError({ message: t('import.needFile'), rows: [] });
    setError(null);
    setResult(null);
    setProgress({ phase: 'uploading', done: 0, total: file.size });
    try {
      const r = await importSurveyResults(Number(projectId), file, { createUnmatched: create, onProgress: setProgress });
      setResult(r);
      onImported();
    } catch (e) {
      // The rows keep the server's words (line numbers and what is wrong there); the headline is worded from its code.
      setError({ message: errorText(e, t), rows: e instanceof ApiError ? e.details : [] });
    } finally {
      setProgress((p) => (p ? { ...p, phase: 'done' } : p));
    }
  };

  const pct = !progress ? 0 : progress.phase === 'done' ? 100 : progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : 0;
  return (
    <section className="editor-panel editor-import" data-testid="import-panel">
      <h3>{t('import.title')}</h3>
      <div className="editor-import__fields">
        <label>
          <span>{t('import.project')}</span>
          <select value={projectId} onChange={(e) => setProjectId(e.target.value)} data-testid="import-project">
            <option value="">{t('import.selectProject')}</option>
            {projects.map((p) => (
              <option key={p.project_id} value={p.project_id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t('import.file')}</span>
          <input
            type="file"
            accept=".csv,.geojson,.json,text/csv,application/geo+json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="import-file"
          />
        </label>
        <label className="editor-import__check">
          <input type="checkbox" checked={create} onChange={(e) => setCreate(e.target.checked)} />
          {t('import.createUnmatched')}
        </label>
        <button type="button" className="btn btn--primary" onClick={start} disabled={busy} data-testid="import-start">
          {t('import.start')}
        </button>
      </div>
      {progress && (
        <div className="editor-import__progress" data-testid="import-progress">
          <span>
            {t(`import.phases.${progress.phase}`)} {UNCOUNTED.has(progress.phase) ? '' : `${pct}%`}
          </span>
          <progress max={100} value={UNCOUNTED.has(progress.phase) ? undefined : pct} />
        </div>
      )}
      {result && (
        <p className="editor-import__result" role="status" data-testid="import-result">
          {t('import.result', {
            observations: result.observations,
            byId: result.matched_by_id,
            nearest: result.matched_nearest,
            unmatched: result.unmatched,
            created: result.created_trees,
            replaced: result.replaced,
          })}
          {result.unmatched_lines.length > 0 && result.created_trees === 0 && (
            <>
              <br />
              {t('import.unmatchedLines', { lines: result.unmatched_lines.join(', ') })}
            </>
          )}
        </p>
      )}
      {error && (
        <div className="editor-import__error" role="alert" data-testid="import-error">
          <p dir="auto">{error.message}</p>
          {error.rows.length > 0 && (
            <>
              <p>{t('import.badRows')}</p>
              <ul>
                {error.rows.map((r, i) => (
                  <li key={i}>
                    <strong>{r.field}</strong>: {r.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
