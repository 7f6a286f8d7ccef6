// Crop names in the UI's language. Crops are reference data (admin.md
// "crop options") stored by one name, the name the survey data carries; the
// crops the geo core knows (client.md §9's built-in ranges, workers/geo/npk-ranges.ts)
// have a Hebrew and an English name here, so a tapped tree, the home search and
// the lists read "זית" in Hebrew. A crop an admin adds shows as it was entered.
import { cropKey } from '../../workers/geo/npk-ranges';

export type Language = 'he' | 'en';

const NAMES: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  avocado: { he: 'אבוקדו', en: 'Avocado' },
  palm: { he: 'תמר', en: 'Date palm' },
  date_palm: { he: 'תמר', en: 'Date palm' },
  almond: { he: 'שקד', en: 'Almond' },
  mango: { he: 'מנגו', en: 'Mango' },
  lemon: { he: 'לימון', en: 'Lemon' },
  banana: { he: 'בננה', en: 'Banana' },
  orange: { he: 'תפוז', en: 'Orange' },
  pomela: { he: 'פומלה', en: 'Pomelo' },
  grapefruit: { he: 'אשכולית', en: 'Grapefruit' },
  pear: { he: 'אגס', en: 'Pear' },
  olive: { he: 'זית', en: 'Olive' },
  pomegranate: { he: 'רימון', en: 'Pomegranate' },
  pomegranate_wonderful: { he: 'רימון וונדרפול', en: 'Pomegranate Wonderful' },
};

const lang = (l: string): Language => (l.startsWith('he') ? 'he' : 'en');

/** The crop's name in the UI's language; an unknown crop as stored; '' for none. */
export function cropName(stored: string | null | undefined, language: string): string {
  const s = (stored ?? '').trim();
  if (!s) return '';
  return NAMES[cropKey(s)]?.[lang(language)] ?? s;
}

/** Every name a crop goes by (stored, Hebrew, English): what a search matches. */
export function cropSearchNames(stored: string | null | undefined): string[] {
  const s = (stored ?? '').trim();
  if (!s) return [];
  const known = NAMES[cropKey(s)];
  return known ? [s, known.he, known.en] : [s];
}
