// The survey's aerial photo on the admin's project screen (issue 37): its state, an upload of the
// orthomosaic (a GeoTIFF) with the upload's progress and then the tiling's, and delete.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deleteOrthophoto, orthophotoQuery, uploadOrthophoto } from '../../../api/orthophoto';
import { errorText } from '../../../api/error-text';

export function OrthophotoUpload({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['admin.projects', 'common']);
  const queryClient = useQueryClient();
  const query = orthophotoQuery(projectId);
  const status = useQuery(query).data ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: query.queryKey });
  const working = status?.pending ?? (status && status.status !== 'ready' ? status : null);

  const upload = async () => {
    if (!file) return;
    setError(null);
    setSent(0);
    try {
      await uploadOrthophoto(projectId, file, (done, total) => setSent(total ? done / total : 0));
      setFile(null);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setSent(null);
      await refresh();
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await deleteOrthophoto(projectId);
    } catch (e) {
      setError(errorText(e, t));
    }
    await refresh();
  };

  return (
    <section className="admin-photo" data-testid="admin-photo" aria-label={t('photo.title')}>
      <h3>{t('photo.title')}</h3>
      {status?.status === 'ready' ? (
        <p data-testid="admin-photo-ready">
          {t('photo.ready', { cm: status.resolution_cm, mb: (status.bytes / 1e6).toFixed(1), zooms: `${status.minzoom}–${status.maxzoom}` })}
        </p>
      ) : (
        !working && <p>{t('photo.none')}</p>
      )}
      {working?.status === 'processing' && (
        <p role="status" data-testid="admin-photo-progress">
          {t('photo.tiling')} <progress max={1} value={working.progress} /> {Math.round(working.progress * 100)}%
        </p>
      )}
      {working?.status === 'failed' && (
        <p className="admin-photo__error">{working.code ? t(`common:errors.codes.${working.code}`, { defaultValue: working.message }) : working.message}</p>
      )}
      <p className="admin-photo__actions">
        <input
          type="file"
          accept=".tif,.tiff,image/tiff"
          aria-label={t('photo.file')}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="admin-photo-file"
        />
        <button type="button" disabled={!file || sent !== null} onClick={() => void upload()} data-testid="admin-photo-upload">
          {status ? t('photo.replace') : t('photo.upload')}
        </button>
        {status && (
          <button type="button" className="danger" disabled={sent !== null} onClick={() => void remove()} data-testid="admin-photo-delete">
            {t('photo.delete')}
          </button>
        )}
      </p>
      {sent !== null && (
        <p role="status">
          {t('photo.uploading')} <progress max={1} value={sent} /> {Math.round(sent * 100)}%
        </p>
      )}
      {error && (
        <p className="admin-photo__error" role="alert">
          {error}
        </p>
      )}
      <p className="hint">{t('photo.hint')}</p>
    </section>
  );
}
