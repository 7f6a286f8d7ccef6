import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Geometry, Polygon } from 'geojson';
import { plotOverlaps, type Overlap, type OverlapTarget } from '../../../../workers/geo/overlap';
import { ErrorBanner } from '../../../components/banner';
import { ConfirmDialog } from '../../../components/confirm';
import { useSession } from '../../../api/session';
import type { EditorFeature, EditorType } from '../../../api/admin-data';
import { EditorMap } from './editor-map';
import { EditorTables } from './editor-tables';
import { FeatureForm } from './feature-form';
import { ImportPanel } from './import-panel';
import { BoundaryImportPanel } from './boundary-import-panel';
import { EditorStatus } from './editor-status';
import { OverviewPanel } from './overview-panel';
import { useEditorData } from './use-editor-data';
import { useFeatureWrites } from './use-feature-writes';
import { filterEditorData } from './editor-search';
import { featureById, type Selection } from './map-geometry';
import './data-editor.css';

type FormState = { type: EditorType; variant: 'table' | 'map'; editing: EditorFeature | null; drawn: Geometry | null } | null;

/** /admin/data-editor (admin.md §2 "Geospatial data editor", issue 7). */
export default function DataEditorPage() {
  const { t } = useTranslation('admin.data-editor');
  const session = useSession();
  const ed = useEditorData();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Selection | null>(null);
  const [form, setForm] = useState<FormState>(null);
  const [sketchKey, setSketchKey] = useState(0);
  const [importPreview, setImportPreview] = useState<GeoJSON.FeatureCollection | null>(null);
  const writes = useFeatureWrites(ed, setSelected);

  const filtered = useMemo(() => filterEditorData(ed.data, search), [ed.data, search]);
  const otherPlots = useMemo<OverlapTarget[]>(
    () => (ed.data?.plots.features ?? []).map((f) => ({ id: f.properties.id, name: f.properties.plot_name ?? String(f.properties.id), geometry: f.geometry })),
    [ed.data],
  );
  const [reshape, setReshape] = useState<{ type: EditorType; id: number; geometry: Geometry; overlaps: Overlap[] } | null>(null);
  const cropNames = useMemo(() => ed.options.crops.map((c) => c.crop_name), [ed.options]);

  const role = session?.user?.role;
  if (!session?.token) return <EditorStatus kind="error" message={t('errors.noToken')} session={session} onRetry={ed.loadClients} />;
  if (role !== 'admin')
    return <EditorStatus kind="error" message={t('errors.notAdmin', { role: role || t('errors.none') })} session={session} onRetry={ed.loadClients} />;
  if (ed.clientsLoading) return <EditorStatus kind="loading" message={t('loading')} session={session} onClear={ed.clearLoading} />;
  if (ed.clientsError) return <EditorStatus kind="error" message={ed.clientsError} session={session} onRetry={ed.loadClients} />;

  const closeForm = () => {
    setForm(null);
    setSketchKey((k) => k + 1);
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
          else void writes.saveGeometry(type, id, geometry, true);
        }}
        onDelete={() => {
          const f = selected && featureById(ed.data, selected);
          if (f) writes.setToDelete({ feature: f, fromMap: true });
        }}
        onUndo={writes.undo}
        onRedo={writes.redo}
        canUndo={writes.canUndo}
        canRedo={writes.canRedo}
        sketchKey={sketchKey}
        importPreview={importPreview}
        banners={
          (ed.error || writes.notice) && (
            <>
              <ErrorBanner message={ed.error} onDismiss={() => ed.setError(null)} testId="editor-error" />
              {writes.notice && (
                <div className="editor-notice" role="status">
                  <span data-testid="editor-notice">{writes.notice}</span>
                  <button type="button" className="editor-notice__close" aria-label={t('closeNotice')} onClick={() => writes.setNotice(null)}>
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
          <OverviewPanel data={ed.data} clientId={ed.clientId} onError={ed.setError} onRefresh={() => void ed.reload()} />
          <EditorTables
            filtered={filtered}
            search={search}
            onSearch={setSearch}
            onAdd={(type) => setForm({ type, variant: 'table', editing: null, drawn: null })}
            onEdit={(f) => setForm({ type: f.properties.type as EditorType, variant: 'table', editing: f, drawn: null })}
            onDelete={(f) => writes.setToDelete({ feature: f, fromMap: false })}
          />
          <BoundaryImportPanel
            key={ed.clientId}
            clientId={ed.clientId!}
            crops={cropNames}
            onPreview={setImportPreview}
            onImported={(msg) => {
              setImportPreview(null);
              void writes.afterChange(msg);
            }}
          />
          <ImportPanel projects={ed.data?.projects ?? []} onImported={() => void writes.afterChange()} />
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
            void writes.afterChange(msg);
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
          void writes.saveGeometry(r.type, r.id, r.geometry, true);
        }}
        onCancel={() => {
          setReshape(null);
          void ed.reload();
        }}
      />
      <ConfirmDialog
        open={!!writes.toDelete}
        title={t('confirmTitle', { type: writes.toDelete ? t(`types.${writes.toDelete.feature.properties.type as EditorType}`) : '' })}
        message={t('confirmDelete')}
        busy={writes.deleting}
        onConfirm={() => void writes.confirmDelete()}
        onCancel={() => writes.setToDelete(null)}
      />
    </section>
  );
}
