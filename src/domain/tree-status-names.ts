// Names of the map's tree status codes 0..5 (client.md §3), in both languages:
// the app's i18n (namespace project-map, keys status.N: legend, tables, tree
// table, list) and the server's exports and report read them from here. Status 5
// is Unknown with client.md §3's whitewash label (a whitewashed trunk reads white
// from the air), shown wherever the other statuses show (issue 32).
import { STATUS_LABELS } from '../../workers/geo/statistics';

export const TREE_STATUS_NAMES: Readonly<Record<'he' | 'en', Readonly<Record<string, string>>>> = {
  he: { 0: 'בריא', 1: 'חלש', 2: 'חלש-מת', 3: 'מת', 4: 'חסר', 5: 'לא ידוע / מסויד' },
  en: Object.fromEntries(STATUS_LABELS.map((name, code) => [String(code), name])),
};

/** A status's name in the UI's language: the map's names for 0..5, the reference list's name for a code an admin added. */
export function statusName(code: number, listName: string, language: string): string {
  return TREE_STATUS_NAMES[language.startsWith('he') ? 'he' : 'en'][code] ?? listName;
}
