// The map's toolbar (client.md §2 "Project map view"; issue 35 "A phone-first map"): every action an SVG icon of
// one set (lucide) and a short label. On a phone four actions stay on the map (Layers, Trees, Tree list, GPS) and
// the rest open from "More", a sheet (README Decisions "The map's toolbar on a phone"); a desktop shows them all.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Download,
  Ellipsis,
  FileText,
  Flag,
  FlaskConical,
  GitCompareArrows,
  History,
  Layers,
  List,
  LocateFixed,
  LocateOff,
  Locate,
  Maximize,
  CalendarDays,
  Sun,
  Table,
  Trees,
  type LucideIcon,
} from 'lucide-react';
import type { SurveyAction } from '../../domain/roles';
import { Modal } from '../../components/modal';
import { usePhone } from './use-phone';

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
  /** "Sun": the high-contrast map style for outdoor use (issue 35). */
  sun: boolean;
  onSun: () => void;
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

interface Action {
  key: string;
  label: string;
  Icon: LucideIcon;
  onClick: () => void;
  active: boolean;
}

/** The actions a phone keeps on the map, in this order; the others open from "More". */
const PHONE_ACTIONS = ['layers', 'trees', 'list', 'navigate'] as const;

export function MapToolbar(p: Props) {
  const { t } = useTranslation('project-map');
  const phone = usePhone();
  const [more, setMore] = useState(false);
  const a = (key: string, label: string, Icon: LucideIcon, onClick: () => void, active = false): Action => ({ key, label, Icon, onClick, active });
  const actions: Action[] = [
    a('layers', t('buttons.layers'), Layers, p.onLayers, p.layersOpen),
    a('trees', t('buttons.trees'), Trees, p.onTrees, p.treesOn),
    a('list', t(phone ? 'buttons.listShort' : 'buttons.list'), List, () => p.onPanel('list'), p.open === 'list'),
    a(
      'navigate',
      p.locationOff ? t('buttons.locationOff') : p.navigating ? t('buttons.stopNavigate') : t('buttons.navigate'),
      p.locationOff ? LocateOff : p.navigating ? LocateFixed : Locate,
      p.onNavigate,
      p.navigating && !p.locationOff,
    ),
    a('surveys', t('buttons.surveys'), CalendarDays, p.onSurveys),
    a('previous', t('buttons.previousData'), History, p.onPrevious),
    a('compare', t('buttons.compare'), GitCompareArrows, () => p.onPanel('compare'), p.open === 'compare' || p.comparing),
    a('zones', t('buttons.zones'), Table, () => p.onPanel('zones'), p.open === 'zones'),
    a('scouting', t('buttons.scouting'), Flag, () => p.onPanel('scouting'), p.open === 'scouting'),
    ...(p.may('export') ? [a('export', t('buttons.export'), Download, p.onExport, p.exportOpen)] : []),
    ...(p.may('prescription') ? [a('prescription', t('buttons.prescription'), FlaskConical, () => p.onPanel('prescription'), p.open === 'prescription')] : []),
    ...(p.may('report') ? [a('report', t('buttons.report'), FileText, p.onReport, p.reporting)] : []),
    a('zoom', t('buttons.zoomToPlots'), Maximize, p.onZoomToPlots, p.zoomActive),
    a('sun', t('buttons.sun'), Sun, p.onSun, p.sun),
  ];
  const onMap = phone ? actions.filter((x) => (PHONE_ACTIONS as readonly string[]).includes(x.key)) : actions;
  const inSheet = phone ? actions.filter((x) => !(PHONE_ACTIONS as readonly string[]).includes(x.key)) : [];
  const button = (x: Action, after?: () => void) => (
    <button
      key={x.key}
      type="button"
      className={`pm-tool${x.active ? ' pm-tool--active' : ''}`}
      onClick={() => {
        after?.();
        x.onClick();
      }}
      aria-pressed={x.active}
      data-testid={`pm-btn-${x.key}`}
    >
      <x.Icon aria-hidden="true" focusable="false" className="pm-tool__icon" size={20} strokeWidth={2} />
      <span className="pm-tool__label">{x.label}</span>
    </button>
  );
  return (
    <>
      <div className={`pm-toolbar${phone ? ' pm-toolbar--phone' : ''}`} role="toolbar" aria-label={t('buttons.toolbar')} data-testid="pm-toolbar">
        {onMap.map((x) => button(x))}
        {phone && (
          <button
            type="button"
            className={`pm-tool${more ? ' pm-tool--active' : ''}`}
            onClick={() => setMore(true)}
            aria-haspopup="dialog"
            aria-expanded={more}
            data-testid="pm-btn-more"
          >
            <Ellipsis aria-hidden="true" focusable="false" className="pm-tool__icon" size={20} strokeWidth={2} />
            <span className="pm-tool__label">{t('buttons.more')}</span>
          </button>
        )}
      </div>
      {phone && (
        <Modal open={more} title={t('buttons.moreTitle')} onClose={() => setMore(false)} size="sheet" testId="pm-more">
          <div className="pm-more">{inSheet.map((x) => button(x, () => setMore(false)))}</div>
        </Modal>
      )}
    </>
  );
}
