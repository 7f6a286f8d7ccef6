import { describe, expect, it } from 'vitest';
import { duplicateAlerts, readDismissed, writeDismissed } from './duplicate-alerts';

class MemoryStore {
  m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, v);
}

describe('duplicate alerts', () => {
  it('one alert per kind with duplicates, keyed by kind and ids', () => {
    const a = duplicateAlerts({ plot: [], 'irrigation area': ['7'], tree: ['1', '2'] });
    expect(a.map((x) => x.key)).toEqual(['irrigation area:7', 'tree:1,2']);
    expect(duplicateAlerts(null)).toEqual([]);
  });

  it('a closed alert is remembered per survey on the device', () => {
    const store = new MemoryStore();
    writeDismissed('12', ['tree:1,2'], store);
    expect(readDismissed('12', store)).toEqual(['tree:1,2']);
    expect(readDismissed('13', store)).toEqual([]);
    store.setItem('orchard.dismissedAlerts.14', '{bad json');
    expect(readDismissed('14', store)).toEqual([]);
  });
});
