// Layers panel (client.md §2, §4): drag handle, Show/Hide, Show Labels, Info
// radio, name and classification colours with live counts. Reordered with
// @dnd-kit/sortable (pointer, touch and keyboard); the first row is on top.
import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Isolate, withData } from '../../components/bidi';
import type { ColourMode } from '../../map/geo-client';
import type { LayerId } from '../../map/deck-layers';
import { ALL_COLOUR_MODES, COLOUR_MODES } from '../../../workers/geo/colours';
import { cssColour, type LegendEntry } from './legend';
import { PanelHeader } from './panel-header';
import type { LayerAction, LayerState } from './layer-state';

interface Props {
  state: LayerState;
  dispatch: (a: LayerAction) => void;
  legends: Record<LayerId, LegendEntry[]>;
  colourMode: ColourMode;
  /** A comparison is loaded: the change modes are offered too. */
  comparing?: boolean;
  onColourMode: (m: ColourMode) => void;
  /** Hide or show the trees of one legend class of the colour mode. */
  onToggleClass: (cls: number) => void;
  onClose: () => void;
  locale: string;
  /** The tree legend counts the trees of this plot / irrigation area (the selection), not the survey's. */
  legendScope?: string | null;
  /** Rows below the table: the aerial photo's (issue 37), always under every layer. */
  children?: ReactNode;
}

/** A tree legend is a filter: each class is a toggle button (alpha 0 in the colour buffer, no position upload). */
function Legend({ entries, locale, onToggle }: { entries: LegendEntry[]; locale: string; onToggle?: (cls: number) => void }) {
  const { t } = useTranslation('project-map');
  const nf = new Intl.NumberFormat(locale);
  const toggles = !!onToggle;
  const total = entries.reduce((a, e) => a + e.count, 0);
  const shown = entries.reduce((a, e) => a + (e.hidden ? 0 : e.count), 0);
  return (
    <>
      <ul className="pm-legend">
        {entries.map((e) => {
          const inner = (
            <>
              <span className="pm-legend__swatch" style={{ background: cssColour(e.colour) }} aria-hidden="true" />
              <span className="pm-legend__label">
                <Isolate text={e.label} />
                {e.note && <span className="pm-legend__note"> {e.note}</span>}
              </span>
              <span className="pm-legend__count">{nf.format(e.count)}</span>
            </>
          );
          return (
            <li key={e.key} className={`pm-legend__item${e.hidden ? ' pm-legend__item--hidden' : ''}`} data-testid={`legend-${e.key}`}>
              {toggles && e.cls !== undefined ? (
                <button
                  type="button"
                  className="pm-legend__toggle"
                  aria-pressed={!e.hidden}
                  title={t('layers.toggleClass')}
                  onClick={() => onToggle(e.cls!)}
                  data-testid={`legend-toggle-${e.key}`}
                >
                  {inner}
                </button>
              ) : (
                inner
              )}
            </li>
          );
        })}
      </ul>
      {toggles && shown !== total && (
        <p className="pm-legend__shown" data-testid="legend-shown">
          {t('layers.shown', { shown: nf.format(shown), total: nf.format(total) })}
        </p>
      )}
    </>
  );
}

function Row({ id, ...p }: Props & { id: LayerId }) {
  const { t } = useTranslation('project-map');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const s = p.state;
  const name = t(`layers.${id}`);
  return (
    <div
      ref={setNodeRef}
      className={`pm-layers__row${isDragging ? ' pm-layers__row--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      role="row"
      data-testid={`layer-row-${id}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="pm-layers__handle"
        aria-label={`${t('layers.drag')}: ${name}`}
        {...attributes}
        {...listeners}
        data-testid={`layer-drag-${id}`}
      >
        <GripVertical aria-hidden="true" focusable="false" size={20} />
      </button>
      <input
        type="checkbox"
        checked={s.visible[id]}
        onChange={() => p.dispatch({ type: 'toggleVisible', id })}
        aria-label={`${t('layers.show')}: ${name}`}
        data-testid={`layer-visible-${id}`}
      />
      <input
        type="checkbox"
        checked={s.labels[id]}
        onChange={() => p.dispatch({ type: 'toggleLabels', id })}
        aria-label={`${t('layers.labels')}: ${name}`}
        data-testid={`layer-labels-${id}`}
      />
      <input
        type="radio"
        name="pm-info-layer"
        checked={s.infoLayer === id}
        onChange={() => p.dispatch({ type: 'setInfo', id })}
        aria-label={`${t('layers.info')}: ${name}`}
        data-testid={`layer-info-${id}`}
      />
      <span className="pm-layers__name">{name}</span>
      <div className="pm-layers__colours">
        {id === 'trees' && (
          <select
            value={p.colourMode}
            onChange={(e) => p.onColourMode(e.target.value as ColourMode)}
            aria-label={t('layers.colourMode')}
            data-testid="colour-mode"
          >
            {(p.comparing ? ALL_COLOUR_MODES : COLOUR_MODES).map((m) => (
              <option key={m} value={m}>
                {t(`modes.${m}`)}
              </option>
            ))}
          </select>
        )}
        {id === 'trees' && p.legendScope && (
          <p className="pm-legend__scope" data-testid="legend-scope" dir="auto">
            {withData(t('layers.scope', { name: p.legendScope }), p.legendScope)}
          </p>
        )}
        <Legend entries={p.legends[id]} locale={p.locale} onToggle={id === 'trees' ? p.onToggleClass : undefined} />
      </div>
    </div>
  );
}

export function LayersPanel(p: Props) {
  const { t } = useTranslation('project-map');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = p.state.order.indexOf(e.active.id as LayerId);
    const to = p.state.order.indexOf(e.over.id as LayerId);
    p.dispatch({ type: 'reorder', order: arrayMove(p.state.order, from, to) });
  };
  return (
    <section className="pm-layers" aria-label={t('layers.title')} data-testid="pm-layers">
      <PanelHeader title={t('layers.title')} onClose={p.onClose} closeTestId="pm-layers-close" />
      <div role="table" className="pm-layers__table">
        <div role="row" className="pm-layers__row pm-layers__row--head">
          <span role="columnheader" aria-label={t('layers.drag')} />
          <span role="columnheader">{t('layers.show')}</span>
          <span role="columnheader">{t('layers.labels')}</span>
          <span role="columnheader">{t('layers.info')}</span>
          <span role="columnheader">{t('layers.name')}</span>
          <span role="columnheader">{t('layers.colours')}</span>
        </div>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={p.state.order} strategy={verticalListSortingStrategy}>
            {p.state.order.map((id) => (
              <Row key={id} id={id} {...p} />
            ))}
          </SortableContext>
        </DndContext>
      </div>
      {p.children}
    </section>
  );
}
