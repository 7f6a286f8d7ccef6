// Recording what a scout found (issue 36): category from the "scouting issues" list, severity 1–3, a note
// (≤ 2,000 characters), an optional confirmed tree status, up to 5 photos (resized on the device) — written to
// the outbox at once (shown as "waiting to sync"), sent when the device is online.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX, PHOTOS_MAX, SEVERITIES } from '../../domain/scouting-rules';
import type { ScoutingIssue } from '../../domain/contracts/scouting';
import { queueRecord, StorageLowError } from '../../offline/field';
import { preparePhoto } from '../../offline/photo-resize';
import { TREE_STATUS_NAMES } from '../../domain/tree-status-names';
import type { Fix } from './use-position';

interface Props {
  projectId: number;
  treeId: number | null;
  taskId?: string | null;
  issues: ScoutingIssue[];
  fix: Fix | null;
  onDone: () => void;
}

export const issueName = (i: Pick<ScoutingIssue, 'name_en' | 'name_he'>, lang: string) => (lang.startsWith('he') ? i.name_he : i.name_en);

export function RecordForm(p: Props) {
  const { t, i18n } = useTranslation('scouting');
  const lang = i18n.language.startsWith('he') ? 'he' : 'en';
  const [issue, setIssue] = useState('');
  const [severity, setSeverity] = useState(2);
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!issue) return setError(t('record.needIssue'));
    setBusy(true);
    setError(null);
    try {
      const position = p.fix ? { lon: p.fix.lon, lat: p.fix.lat, accuracy_m: p.fix.accuracy } : null;
      const photos = await Promise.all(files.slice(0, PHOTOS_MAX).map((f) => preparePhoto(f, position)));
      await queueRecord(
        p.projectId,
        {
          kind: 'observation',
          tree_id: p.treeId,
          position: p.treeId === null || position ? position : null,
          issue_id: Number(issue),
          severity,
          note,
          tree_status: status === '' ? null : Number(status),
          task_id: p.taskId ?? null,
          observed_at: new Date().toISOString(),
        },
        photos,
      );
      p.onDone();
    } catch (err) {
      setError(err instanceof StorageLowError ? t('record.storageLow') : String((err as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="record-form" onSubmit={(e) => void submit(e)} data-testid="record-form">
      <h3>{t('record.title')}</h3>
      <label>
        {t('record.issue')}
        <select value={issue} onChange={(e) => setIssue(e.target.value)} data-testid="record-issue" required>
          <option value="">{t('record.chooseIssue')}</option>
          {p.issues.map((i) => (
            <option key={i.issue_id} value={i.issue_id} translate="no">
              {issueName(i, lang)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('record.severity')}</legend>
        {SEVERITIES.map((s) => (
          <label key={s}>
            <input type="radio" name="severity" value={s} checked={severity === s} onChange={() => setSeverity(s)} /> {t(`severity.${s}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {t('record.note')}
        <textarea
          value={note}
          maxLength={NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('record.notePlaceholder')}
          data-testid="record-note"
          dir="auto"
        />
      </label>
      <label>
        {t('record.status')}
        <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="record-status">
          <option value="">{t('record.statusNone')}</option>
          {Object.entries(TREE_STATUS_NAMES[lang]).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('record.photos', { max: PHOTOS_MAX })}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          data-testid="record-photos"
          onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, PHOTOS_MAX))}
        />
      </label>
      {error && (
        <p role="alert" className="record-form__error">
          {error}
        </p>
      )}
      <div className="record-form__actions">
        <button type="button" className="btn" onClick={p.onDone} disabled={busy}>
          {t('record.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="record-save">
          {t('record.save')}
        </button>
      </div>
    </form>
  );
}
