// Layer rules of client.md §4 as a pure reducer: default visibility (plots on,
// the rest off), order = stacking (first row on top), the first layer becomes
// the info layer once per load, choosing labels or info makes a layer visible,
// and changing the info layer clears the selected feature.
import type { LayerId, LayerView } from '../../map/deck-layers';

export interface Selected {
  layer: LayerId;
  index: number;
}

export interface LayerState extends LayerView {
  selected: Selected | null;
  autoInfoDone: boolean;
}

export type LayerAction =
  | { type: 'reorder'; order: LayerId[] }
  | { type: 'toggleVisible'; id: LayerId }
  /** Exactly these layers visible (a shared link's view). */
  | { type: 'setVisible'; ids: readonly LayerId[] }
  | { type: 'toggleLabels'; id: LayerId }
  | { type: 'setInfo'; id: LayerId }
  | { type: 'autoInfo' }
  | { type: 'select'; selected: Selected }
  | { type: 'back' }
  | { type: 'reset' };

/** Stacking of §9 (plots z 10 over irrigation z 5 over trees z 1), top first. */
export const DEFAULT_ORDER: LayerId[] = ['plots', 'irrigationAreas', 'trees'];

export function initialLayerState(): LayerState {
  return {
    order: [...DEFAULT_ORDER],
    visible: { plots: true, irrigationAreas: false, trees: false },
    labels: { plots: false, irrigationAreas: false, trees: false },
    infoLayer: null,
    selected: null,
    autoInfoDone: false,
  };
}

export function layerReducer(s: LayerState, a: LayerAction): LayerState {
  switch (a.type) {
    case 'reorder': {
      const valid = a.order.length === s.order.length && s.order.every((id) => a.order.includes(id));
      return valid ? { ...s, order: [...a.order] } : s;
    }
    case 'toggleVisible': {
      const visible = { ...s.visible, [a.id]: !s.visible[a.id] };
      // A hidden layer cannot keep a highlighted feature.
      const selected = !visible[a.id] && s.selected?.layer === a.id ? null : s.selected;
      return { ...s, visible, selected };
    }
    case 'setVisible': {
      const visible = { plots: a.ids.includes('plots'), irrigationAreas: a.ids.includes('irrigationAreas'), trees: a.ids.includes('trees') };
      const same = s.order.every((id) => visible[id] === s.visible[id]);
      return same ? s : { ...s, visible, selected: s.selected && !visible[s.selected.layer] ? null : s.selected };
    }
    case 'toggleLabels': {
      const on = !s.labels[a.id];
      return { ...s, labels: { ...s.labels, [a.id]: on }, visible: on ? { ...s.visible, [a.id]: true } : s.visible };
    }
    case 'setInfo':
      return {
        ...s,
        infoLayer: a.id,
        visible: { ...s.visible, [a.id]: true },
        selected: s.infoLayer === a.id ? s.selected : null,
      };
    case 'autoInfo':
      if (s.autoInfoDone) return s;
      return { ...layerReducer(s, { type: 'setInfo', id: s.order[0] }), autoInfoDone: true };
    case 'select': {
      // Picking a feature of another layer makes that layer the info layer (which clears, then selects).
      const base = s.infoLayer === a.selected.layer ? s : layerReducer(s, { type: 'setInfo', id: a.selected.layer });
      return { ...base, selected: a.selected };
    }
    case 'back':
      // Two steps (§2): first the selected feature, then the selected layer.
      if (s.selected) return { ...s, selected: null };
      if (s.infoLayer) return { ...s, infoLayer: null };
      return s;
    case 'reset':
      return initialLayerState();
  }
}
