import { useTranslation } from 'react-i18next';
import type { ClientSummary, EditorFeature, EditorType } from '../../../api/admin-data';
import type { LayerKind } from '../../../map/draw/editor-layers';
import type { Measure } from '../../../map/draw/bridge';
import { COLORS } from '../../../map/draw/constants';

export type MapMode = 'view' | 'draw' | 'modify';

export interface MapToolbarProps {
  clients: ClientSummary[];
  clientId: number | null;
  onClientChange: (id: number | null) => void;
  mode: MapMode;
  onMode: (m: MapMode) => void;
  onGlobalView: () => void;
  onFocusPlots: () => void;
  canDelete: boolean;
  onDelete: () => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

/** Client selector, Global View, Focus Plots, the three modes, Delete, Undo/Redo. */
export function MapToolbar(p: MapToolbarProps) {
  const { t } = useTranslation('admin.data-editor');
  return (
    <div className="editor-map__toolbar">
      <label className="editor-map__client">
        <span>{t('client')}</span>
        <select value={p.clientId ?? ''} onChange={(e) => p.onClientChange(e.target.value ? Number(e.target.value) : null)} data-testid="client-select">
          <option value="">{t('selectClient')}</option>
          {p.clients.map((c) => (
            <option key={c.client_id} value={c.client_id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="btn btn--small" onClick={p.onGlobalView}>
        {t('map.globalView')}
      </button>
      <button type="button" className="btn btn--small" onClick={p.onFocusPlots}>
        {t('map.focusPlots')}
      </button>
      <div className="editor-map__modes" role="group" aria-label={t('map.mode')}>
        {(['view', 'draw', 'modify'] as MapMode[]).map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn--small${p.mode === m ? ' btn--primary' : ''}`}
            aria-pressed={p.mode === m}
            onClick={() => p.onMode(m)}
            data-testid={`mode-${m}`}
          >
            {t(`map.modes.${m}`)}
          </button>
        ))}
      </div>
      <button type="button" className="btn btn--small" onClick={p.onUndo} disabled={!p.canUndo} title="Ctrl+Z" data-testid="map-undo">
        {t('map.undo')}
      </button>
      <button type="button" className="btn btn--small" onClick={p.onRedo} disabled={!p.canRedo} title="Ctrl+Shift+Z" data-testid="map-redo">
        {t('map.redo')}
      </button>
      <button type="button" className="btn btn--small btn--danger" onClick={p.onDelete} disabled={!p.canDelete} data-testid="map-delete">
        {t('map.deleteSelected')}
      </button>
    </div>
  );
}

export interface MapLegendProps {
  visible: Record<LayerKind, boolean>;
  onVisible: (v: Record<LayerKind, boolean>) => void;
  drawType: EditorType | null;
  onDrawType: (t: EditorType) => void;
  snap: boolean;
  onSnap: (on: boolean) => void;
}

/** Layer visibility toggles and the drawing type (plot, irrigation area, tree). */
export function MapLegend(p: MapLegendProps) {
  const { t } = useTranslation('admin.data-editor');
  const kinds: EditorType[] = ['plot', 'irrigation', 'tree'];
  return (
    <div className="editor-legend" data-testid="map-legend">
      <fieldset>
        <legend>{t('map.layers')}</legend>
        {kinds.map((k) => (
          <label key={k} className="editor-legend__row">
            <input type="checkbox" checked={p.visible[k]} onChange={(e) => p.onVisible({ ...p.visible, [k]: e.target.checked })} data-testid={`layer-${k}`} />
            <span className={`editor-legend__swatch editor-legend__swatch--${k}`} style={{ borderColor: COLORS[k] }} aria-hidden="true" />
            {t(`types.${k}`)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t('map.drawingType')}</legend>
        {kinds.map((k) => (
          <label key={k} className="editor-legend__row">
            <input type="radio" name="draw-type" checked={p.drawType === k} onChange={() => p.onDrawType(k)} data-testid={`draw-type-${k}`} />
            {t(`types.${k}`)}
          </label>
        ))}
        <label className="editor-legend__row">
          <input type="checkbox" checked={p.snap} onChange={(e) => p.onSnap(e.target.checked)} />
          {t('map.snap')}
        </label>
      </fieldset>
    </div>
  );
}

export interface MapStatusProps {
  /** The map has its style: the draw tool is armed (the hints show only then). */
  ready: boolean;
  mode: MapMode;
  drawType: EditorType | null;
  selected: EditorFeature | null;
  measure: Measure | null;
  offline: boolean;
}

/** The mode, the selected feature, what the mode asks of the user next, the live measure, and no basemap. */
export function MapStatus(p: MapStatusProps) {
  const { t } = useTranslation('admin.data-editor');
  const { mode, drawType, measure } = p;
  const hint = !p.ready
    ? null
    : mode === 'draw'
      ? t(drawType ? 'map.hintDraw' : 'map.chooseType')
      : mode === 'modify'
        ? t(p.selected ? 'map.hintModify' : 'map.selectToModify')
        : null;
  return (
    <div className="editor-map__status" data-testid="edit-mode-indicator" aria-live="polite">
      <strong>{t('map.editing', { mode: t(`map.modes.${mode}`) + (mode === 'draw' && drawType ? ` – ${t(`types.${drawType}`)}` : '') })}</strong>
      {p.selected && <span> · {t('map.selected', { name: p.selected.properties.name })}</span>}
      {hint && <span className="editor-map__hint"> · {hint}</span>}
      {measure && (
        <span className="editor-map__measure" data-testid="live-measure">
          {' · '}
          {measure.kind === 'polygon' && t('map.area', { ha: (measure.areaHa ?? 0).toFixed(2) })}
          {measure.kind === 'polygon' ? ` · ${t('map.perimeter', { m: Math.round(measure.lengthM) })}` : t('map.length', { m: Math.round(measure.lengthM) })}
        </span>
      )}
      {p.offline && <span className="editor-map__offline"> · {t('map.basemapOffline')}</span>}
    </div>
  );
}
