// Names of the map's tree status codes 0..5 (client.md §3), in both languages:
// the app's i18n (namespace project-map, keys status.N) and the server's
// exports read them from here.
export const TREE_STATUS_NAMES: Readonly<Record<'he' | 'en', Readonly<Record<string, string>>>> = {
  he: { 0: 'בריא', 1: 'חלש', 2: 'חלש-מת', 3: 'מת', 4: 'חסר', 5: 'לא ידוע' },
  en: { 0: 'Healthy', 1: 'Weak', 2: 'Weak-Dead', 3: 'Dead', 4: 'Missing', 5: 'Unknown' },
};

/** A status's name in the UI's language: the map's names for 0..5, the reference list's name for a code an admin added. */
export function statusName(code: number, listName: string, language: string): string {
  return TREE_STATUS_NAMES[language.startsWith('he') ? 'he' : 'en'][code] ?? listName;
}
