import { useTranslation } from 'react-i18next';
import type { SurveyAction } from '../../domain/roles';

interface Props {
  layersOpen: boolean;
  onLayers: () => void;
  onSurveys: () => void;
  onPrevious: () => void;
  exportOpen: boolean;
  onExport: () => void;
  zoomActive: boolean;
  onZoomToPlots: () => void;
  navigating: boolean;
  /** Tracking was asked for and the browser refuses the position: the button says "Location off" (issue 35). */
  locationOff: boolean;
  onNavigate: () => void;
  /** The tree layer, one tap away (issue 35: trees are off when a survey opens, client.md §4). */
  treesOn: boolean;
  onTrees: () => void;
  /** The open panel, and a toggle for the compare / tree list / areas table panels. */
  open: string | null;
  onPanel: (panel: 'compare' | 'list' | 'zones' | 'prescription' | 'scouting') => void;
  comparing: boolean;
  /** The printable report: busy while it is being made. */
  reporting: boolean;
  onReport: () => void;
  /** What the signed-in role may do (src/domain/roles.ts): a field worker gets no export, prescription or report. */
  may: (action: SurveyAction) => boolean;
}

export function MapToolbar(p: Props) {
  const { t } = useTranslation('project-map');
  const btn = (key: string, label: string, onClick: () => void, active = false, icon = '') => (
    <button
      type="button"
      className={`pm-tool${active ? ' pm-tool--active' : ''}`}
      onClick={onClick}
      aria-pressed={active}
      data-testid={`pm-btn-${key}`}
      title={label}
    >
      <span aria-hidden="true" className="pm-tool__icon">
        {icon}
      </span>
      <span className="pm-tool__label">{label}</span>
    </button>
  );
  return (
    <div className="pm-toolbar" role="toolbar">
      {btn('layers', t('buttons.layers'), p.onLayers, p.layersOpen, '☰')}
      {btn('trees', t('buttons.trees'), p.onTrees, p.treesOn, '✿')}
      {btn('surveys', t('buttons.surveys'), p.onSurveys, false, '▤')}
      {btn('previous', t('buttons.previousData'), p.onPrevious, false, '⟲')}
      {btn('compare', t('buttons.compare'), () => p.onPanel('compare'), p.open === 'compare' || p.comparing, '⇄')}
      {btn('list', t('buttons.list'), () => p.onPanel('list'), p.open === 'list', '≡')}
      {btn('zones', t('buttons.zones'), () => p.onPanel('zones'), p.open === 'zones', '▦')}
      {btn('scouting', t('buttons.scouting'), () => p.onPanel('scouting'), p.open === 'scouting', '⚑')}
      {p.may('export') && btn('export', t('buttons.export'), p.onExport, p.exportOpen, '⇩')}
      {p.may('prescription') && btn('prescription', t('buttons.prescription'), () => p.onPanel('prescription'), p.open === 'prescription', '⚗')}
      {p.may('report') && btn('report', t('buttons.report'), p.onReport, p.reporting, '⎙')}
      {btn('zoom', t('buttons.zoomToPlots'), p.onZoomToPlots, p.zoomActive, '⤢')}
      {btn(
        'navigate',
        p.locationOff ? t('buttons.locationOff') : p.navigating ? t('buttons.stopNavigate') : t('buttons.navigate'),
        p.onNavigate,
        p.navigating && !p.locationOff,
        '◎',
      )}
    </div>
  );
}
