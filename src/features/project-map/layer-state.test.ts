import { describe, expect, it } from 'vitest';
import { initialLayerState, layerReducer } from './layer-state';

describe('layer rules (client.md §4)', () => {
  it('starts with plots visible only and auto-selects the first layer once', () => {
    let s = initialLayerState();
    expect(s.visible).toEqual({ plots: true, irrigationAreas: false, trees: false });
    s = layerReducer(s, { type: 'autoInfo' });
    expect(s.infoLayer).toBe('plots');
    s = layerReducer(s, { type: 'setInfo', id: 'trees' });
    s = layerReducer(s, { type: 'autoInfo' });
    expect(s.infoLayer).toBe('trees');
  });
  it('makes a layer visible when its labels or info are chosen', () => {
    let s = layerReducer(initialLayerState(), { type: 'toggleLabels', id: 'irrigationAreas' });
    expect(s.visible.irrigationAreas).toBe(true);
    s = layerReducer(s, { type: 'setInfo', id: 'trees' });
    expect(s.visible.trees).toBe(true);
  });
  it('clears the selection when the info layer changes and goes back in two steps', () => {
    let s = layerReducer(initialLayerState(), { type: 'select', selected: { layer: 'trees', index: 3 } });
    expect(s.infoLayer).toBe('trees');
    expect(s.selected).toEqual({ layer: 'trees', index: 3 });
    expect(layerReducer(s, { type: 'setInfo', id: 'plots' }).selected).toBeNull();
    s = layerReducer(s, { type: 'back' });
    expect(s.selected).toBeNull();
    expect(s.infoLayer).toBe('trees');
    s = layerReducer(s, { type: 'back' });
    expect(s.infoLayer).toBeNull();
  });
  it('accepts only permutations as a new order', () => {
    const s = initialLayerState();
    expect(layerReducer(s, { type: 'reorder', order: ['trees', 'plots', 'irrigationAreas'] }).order).toEqual(['trees', 'plots', 'irrigationAreas']);
    expect(layerReducer(s, { type: 'reorder', order: ['trees', 'trees', 'plots'] }).order).toEqual(s.order);
  });
});
