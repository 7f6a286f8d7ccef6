// The duplicate-id alerts of client.md §4/§8 ("Duplicate {kind} feature IDs
// detected: …"), worded in the UI's language, and which of them the grower has
// closed: a closed alert stays closed for that survey on this device.
import type { FeatureKind } from '../../../workers/geo/types';

export interface DuplicateAlert {
  /** Stable per kind and ids: a changed list of duplicates shows again. */
  key: string;
  kind: FeatureKind;
  ids: readonly string[];
}

const KINDS: readonly FeatureKind[] = ['plot', 'irrigation area', 'tree'];

export function duplicateAlerts(duplicates: Partial<Record<FeatureKind, readonly string[]>> | null | undefined): DuplicateAlert[] {
  return KINDS.filter((k) => (duplicates?.[k]?.length ?? 0) > 0).map((kind) => {
    const ids = duplicates![kind]!;
    return { key: `${kind}:${ids.join(',')}`, kind, ids };
  });
}

/** The translation key of a kind's name in the alert (project-map namespace). */
export const alertKindKey = (k: FeatureKind) => `alerts.kinds.${k === 'irrigation area' ? 'area' : k}`;

const storageKey = (projectId: string) => `orchard.dismissedAlerts.${projectId}`;

/** Storage that may be missing (private mode, Node tests) or full: failures only lose the memory of a closed alert. */
type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;
const local = (): KeyValue | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function readDismissed(projectId: string, store: KeyValue | null = local()): string[] {
  try {
    const v: unknown = JSON.parse(store?.getItem(storageKey(projectId)) ?? '[]');
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function writeDismissed(projectId: string, keys: readonly string[], store: KeyValue | null = local()): void {
  try {
    store?.setItem(storageKey(projectId), JSON.stringify(keys.slice(-50)));
  } catch {
    // Full or blocked storage: the alert shows again next time.
  }
}
