import { describe, expect, it } from 'vitest';
import { parseUrlView, writeUrlView, type UrlView } from './url-state';

const view: UrlView = {
  layers: ['plots', 'trees'],
  mode: 'vitality',
  hidden: [0, 5],
  selected: { layer: 'trees', id: 'T-17' },
  compare: 42,
  camera: { lon: 35.1234567, lat: 32.7654321, zoom: 17.256 },
  sun: true,
};

describe('project map URL state', () => {
  it('writes a readable query and reads back the same view', () => {
    const q = writeUrlView(view, '?lng=he');
    expect(q).toBe('?lng=he&layers=plots,trees&mode=vitality&hide=0,5&sel=tree:T-17&cmp=42&sun=1&at=35.123457,32.765432,17.26');
    expect(parseUrlView(q)).toEqual({ ...view, camera: { lon: 35.123457, lat: 32.765432, zoom: 17.26 } });
  });
  it('leaves the defaults out', () => {
    expect(writeUrlView({ layers: ['plots'], mode: 'status', hidden: [], selected: null, compare: null, camera: null, sun: false })).toBe('');
    expect(parseUrlView('')).toEqual({ layers: null, mode: null, hidden: [], selected: null, compare: null, camera: null, sun: false });
  });
  it('ignores what it cannot use instead of failing', () => {
    const v = parseUrlView('?layers=trees,roads&mode=rainbow&hide=1,x,999&sel=house:1&cmp=-3&at=500,1,2');
    expect(v).toEqual({ layers: ['trees'], mode: null, hidden: [], selected: null, compare: null, camera: null, sun: false });
    expect(parseUrlView('?mode=n&hide=3,3,1').hidden).toEqual([1, 3]);
    expect(parseUrlView('?sel=plot:12').selected).toEqual({ layer: 'plots', id: '12' });
    expect(parseUrlView('?layers=').layers).toEqual([]);
    expect(parseUrlView('?sun=yes').sun).toBe(false);
  });
});
