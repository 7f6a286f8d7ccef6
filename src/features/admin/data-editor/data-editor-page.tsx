import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Geometry, Polygon } from 'geojson';
import { plotOverlaps, type Overlap, type OverlapTarget } from '../../../../workers/geo/overlap';
import { ErrorBanner } from '../../../components/banner';
import { ConfirmDialog } from '../../../components/confirm';
import { StatCard } from '../../../components/stat-card';
import { useSession } from '../../../api/session';
import { invalidateAfterAdminWrite } from '../../../api/query-keys';
import { deleteFeature, updateFeature, type EditorFeature, type EditorType } from '../../../api/admin-data';
import type { ApiError } from '../../../api/errors';
import { errorText } from '../../../api/error-text';
import { EditorMap, type Selection } from './editor-map';
import { EditorTables } from './editor-tables';
import { FeatureForm } from './feature-form';
import { ImportPanel } from './import-panel';
import { BoundaryImportPanel } from './boundary-import-panel';
import { boundariesUrl } from '../../../api/admin-data';
import { downloadFile } from '../../../api/download';
import { EditorStatus } from './editor-status';
import { useEditorData } from './use-editor-data';
import { editorStats, filterEditorData } from './editor-search';
import { download, toCsv, toGeoJson } from './editor-export';
import { EditHistory } from './edit-history';
import { featureById } from './map-geometry';
import './data-editor.css';

type FormState = { type: EditorType; variant: 'table' | 'map'; editing: EditorFeature | null; drawn: Geometry | null } | null;

/** /admin/data-editor (admin.md §2 "Geospatial data editor", issue 7). */
export default function DataEditorPage() {
  const { t } = useTranslation('admin.data-editor');
  const session = useSession();
  const queryClient = useQueryClient();
  const ed = useEditorData();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Selection | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [sketchKey, setSketchKey] = useState(0);
  const [toDelete, setToDelete] = useState<{ feature: EditorFeature; fromMap: boolean } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [importPreview, setImportPreview] = useState<GeoJSON.FeatureCollection | null>(null);
  const history = useRef(new EditHistory());
  // What the undo/redo buttons show, copied from the history after each change to it (a ref is not read in render).
  const [undoable, setUndoable] = useState({ canUndo: false, canRedo: false });
  const syncHistory = () => setUndoable({ canUndo: history.current.canUndo, canRedo: history.current.canRedo });
  const versions = useRef(new Map<string, number>());

  const filtered = useMemo(() => filterEditorData(ed.data, search), [ed.data, search]);
  const otherPlots = useMemo<OverlapTarget[]>(
    () => (ed.data?.plots.features ?? []).map((f) => ({ id: f.properties.id, name: f.properties.plot_name ?? String(f.properties.id), geometry: f.geometry })),
    [ed.data],
  );
  const [reshape, setReshape] = useState<{ type: EditorType; id: number; geometry: Geometry; overlaps: Overlap[] } | null>(null);
  const stats = useMemo(() => editorStats(ed.data), [ed.data]);
  const cropNames = useMemo(() => ed.options.crops.map((c) => c.crop_name), [ed.options]);

  const role = session?.user?.role;
  if (!session?.token) return <EditorStatus kind="error" message={t('errors.noToken')} session={session} onRetry={ed.loadClients} />;
  if (role !== 'admin')
    return <EditorStatus kind="error" message={t('errors.notAdmin', { role: role || t('errors.none') })} session={session} onRetry={ed.loadClients} />;
  if (ed.clientsLoading) return <EditorStatus kind="loading" message={t('loading')} session={session} onClear={ed.clearLoading} />;
  if (ed.clientsError) return <EditorStatus kind="error" message={ed.clientsError} session={session} onRetry={ed.loadClients} />;

  const typeName = (type: EditorType) => t(`types.${type}`);
  // After a write: the editor reloads its client (only the trees changed since), and the cached
  // lists the write changed (admin tables and counts, the grower lists) go stale.
  const afterChange = async (message?: string) => {
    if (message) setNotice(message);
    void invalidateAfterAdminWrite(queryClient);
    await ed.reload();
  };

  const versionOf = (f: EditorFeature) => versions.current.get(`${f.properties.type}:${f.properties.id}`) ?? f.properties.version;
  const saveGeometry = async (type: EditorType, id: number, geometry: Geometry, record: boolean) => {
    const f = featureById(ed.data, { type, id });
    if (!f) return false;
    try {
      const r = (await updateFeature(type, id, { geom: geometry, version: versionOf(f) })) as Record<string, { properties: { version: number } }>;
      const saved = r.plot ?? r.irrigation_area ?? r.tree;
      if (saved) versions.current.set(`${type}:${id}`, saved.properties.version);
      if (record) history.current.push({ type, id, before: f.geometry, after: geometry });
      syncHistory();
      await afterChange(t('notices.geometryUpdated', { type: typeName(type) }));
      return true;
    } catch (e) {
      ed.setError(`${t('errors.geometry', { type: t(`typesLower.${type}`) })}: ${errorText(e, t)}`);
      await ed.reload();
      return false;
    }
  };
  const undo = async () => {
    const e = history.current.undo();
    if (!e) return;
    if (!(await saveGeometry(e.type, e.id, e.before, false))) history.current.restoreUndo(e);
    else setNotice(t('notices.undone', { type: typeName(e.type) }));
    syncHistory();
  };
  const redo = async () => {
    const e = history.current.redo();
    if (!e) return;
    if (!(await saveGeometry(e.type, e.id, e.after, false))) history.current.restoreRedo(e);
    else setNotice(t('notices.redone', { type: typeName(e.type) }));
    syncHistory();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { feature, fromMap } = toDelete;
    const type = feature.properties.type as EditorType;
    setDeleting(true);
    try {
      await deleteFeature(type, feature.properties.id);
      history.current.forget(type, feature.properties.id);
      syncHistory();
      setSelected((s) => (s && s.type === type && s.id === feature.properties.id ? null : s));
      await afterChange(t('notices.deleted'));
    } catch (e) {
      const err = e as ApiError;
      if (err.status === 404 || /not found|404/i.test(err.message)) {
        // Already gone: remove it locally.
        ed.setError(fromMap ? t('errors.featureGone') : t('errors.deletedAlready', { type: typeName(type) }));
        setSelected(null);
        if (ed.data) {
          const keep = <F extends EditorFeature>(fc: { type: 'FeatureCollection'; features: F[] }) => ({
            ...fc,
            features: fc.features.filter((x) => !(x.properties.type === type && x.properties.id === feature.properties.id)),
          });
          ed.setData({
            ...ed.data,
            plots: keep(ed.data.plots),
            irrigationAreas: keep(ed.data.irrigationAreas),
            trees: type === 'tree' ? ed.data.trees.without(feature.properties.id) : ed.data.trees,
          });
        }
      } else
        ed.setError(
          fromMap
            ? `${t('errors.deleteFeature')} ${err.serverMessage ? errorText(err, t) : ''}`.trim()
            : `${t('errors.delete', { type: t(`typesLower.${type}`) })}: ${errorText(err, t)}`,
        );
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  const closeForm = () => {
    setForm(null);
    setSketchKey((k) => k + 1);
  };
  const shapefile = async (kind: 'plot' | 'irrigation') => {
    try {
      await downloadFile(boundariesUrl(ed.clientId!, kind), `${kind}.zip`, 'application/zip');
    } catch (e) {
      ed.setError(errorText(e, t));
    }
  };
  const exportAs = (kind: 'geojson' | 'csv') => {
    if (!ed.data) return;
    const name = `client-${ed.clientId}-data`;
    if (kind === 'geojson') download(`${name}.geojson`, toGeoJson(ed.data), 'application/geo+json');
    else download(`${name}.csv`, toCsv(ed.data), 'text/csv');
  };

  return (
    <section className="data-editor" data-testid="admin-dataEditor">
      <h2 className="data-editor__title">{t('title')}</h2>
      <EditorMap
        data={ed.data}
        clients={ed.clients}
        clientId={ed.clientId}
        onClientChange={(id) => {
          setSelected(null);
          ed.selectClient(id);
        }}
        selected={selected}
        onSelect={setSelected}
        onDrawn={(type, geometry) => setForm({ type, variant: 'map', editing: null, drawn: geometry })}
        onModified={(type, id, geometry) => {
          // A reshaped plot that now overlaps another is saved only after the admin confirms.
          const overlaps =
            type === 'plot' && geometry.type !== 'Point'
              ? plotOverlaps(
                  geometry as Polygon,
                  otherPlots.filter((o) => o.id !== id),
                )
              : [];
          if (overlaps.length) setReshape({ type, id, geometry, overlaps });
          else void saveGeometry(type, id, geometry, true);
        }}
        onDelete={() => {
          const f = selected && featureById(ed.data, selected);
          if (f) setToDelete({ feature: f, fromMap: true });
        }}
        onUndo={undo}
        onRedo={redo}
        canUndo={undoable.canUndo}
        canRedo={undoable.canRedo}
        sketchKey={sketchKey}
        importPreview={importPreview}
        banners={
          (ed.error || notice) && (
            <>
              <ErrorBanner message={ed.error} onDismiss={() => ed.setError(null)} testId="editor-error" />
              {notice && (
                <div className="editor-notice" role="status">
                  <span data-testid="editor-notice">{notice}</span>
                  <button type="button" className="editor-notice__close" aria-label={t('closeNotice')} onClick={() => setNotice(null)}>
                    ×
                  </button>
                </div>
              )}
            </>
          )
        }
      />
      {ed.loading && (
        <p className="editor-loading" data-testid="editor-loading">
          {t('loadingData')}{' '}
          <button type="button" className="btn btn--small" onClick={ed.clearLoading}>
            {t('clearLoading')}
          </button>
        </p>
      )}
      {!ed.clientId ? (
        <div className="editor-empty" data-testid="no-client">
          <h3>{t('noClient')}</h3>
          <p>{t('noClientHint')}</p>
        </div>
      ) : (
        <>
          <section className="editor-panel" data-testid="data-overview">
            <div className="editor-panel__head">
              <h3>{t('overview')}</h3>
              <div className="editor-panel__actions">
                <span>{t('exportData')}:</span>
                <button type="button" className="btn btn--small" onClick={() => exportAs('geojson')} disabled={!ed.data} data-testid="export-geojson">
                  {t('exportGeojson')}
                </button>
                <button type="button" className="btn btn--small" onClick={() => exportAs('csv')} disabled={!ed.data} data-testid="export-csv">
                  {t('exportCsv')}
                </button>
                <button type="button" className="btn btn--small" onClick={() => void shapefile('plot')} disabled={!ed.data} data-testid="export-plots-shp">
                  {t('boundaries.exportShp')}
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  onClick={() => void shapefile('irrigation')}
                  disabled={!ed.data}
                  data-testid="export-areas-shp"
                >
                  {t('boundaries.exportAreasShp')}
                </button>
                <button type="button" className="btn btn--small" onClick={() => void ed.reload()} data-testid="editor-refresh">
                  {t('refresh')}
                </button>
              </div>
            </div>
            <div className="stat-grid editor-stats">
              <StatCard label={t('cards.plots')} value={stats.plots} testId="stat-plots" />
              <StatCard label={t('cards.areas')} value={stats.areas} testId="stat-areas" />
              <StatCard label={t('cards.trees')} value={stats.trees.toLocaleString()} testId="stat-trees" />
              <StatCard label={t('cards.totalArea')} value={stats.totalArea} testId="stat-total-area" />
              <StatCard label={t('cards.averageArea')} value={stats.averageArea} testId="stat-average-area" />
            </div>
          </section>
          <EditorTables
            filtered={filtered}
            search={search}
            onSearch={setSearch}
            onAdd={(type) => setForm({ type, variant: 'table', editing: null, drawn: null })}
            onEdit={(f) => setForm({ type: f.properties.type as EditorType, variant: 'table', editing: f, drawn: null })}
            onDelete={(f) => setToDelete({ feature: f, fromMap: false })}
          />
          <BoundaryImportPanel
            key={ed.clientId}
            clientId={ed.clientId!}
            crops={cropNames}
            onPreview={setImportPreview}
            onImported={(msg) => {
              setImportPreview(null);
              void afterChange(msg);
            }}
          />
          <ImportPanel projects={ed.data?.projects ?? []} onImported={() => void afterChange()} />
        </>
      )}
      {form && (
        <FeatureForm
          key={`${form.type}-${form.editing?.properties.id ?? 'new'}-${sketchKey}`}
          type={form.type}
          variant={form.variant}
          editing={form.editing}
          drawn={form.drawn}
          options={ed.options}
          clientId={ed.clientId}
          onSaved={(msg) => {
            closeForm();
            void afterChange(msg);
          }}
          onCancel={closeForm}
          otherPlots={otherPlots}
        />
      )}
      <ConfirmDialog
        open={!!reshape}
        title={t('overlap.reshapeTitle')}
        message={
          reshape
            ? `${t('overlap.warning', { count: reshape.overlaps.length })} ${reshape.overlaps.map((o) => `${o.name} (${t('overlap.area', { ha: o.areaHa.toFixed(2) })})`).join(', ')}. ${t('overlap.confirm')}`
            : ''
        }
        confirmLabel={t('overlap.saveAnyway')}
        onConfirm={() => {
          const r = reshape!;
          setReshape(null);
          void saveGeometry(r.type, r.id, r.geometry, true);
        }}
        onCancel={() => {
          setReshape(null);
          void ed.reload();
        }}
      />
      <ConfirmDialog
        open={!!toDelete}
        title={t('confirmTitle', { type: toDelete ? typeName(toDelete.feature.properties.type as EditorType) : '' })}
        message={t('confirmDelete')}
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}
