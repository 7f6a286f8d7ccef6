// The report's texts: the app's own he/en strings (namespaces project-map and
// home, the status names of src/domain), through an i18next instance of the
// server's, so the PDF says exactly what the map says.
import { readFileSync } from 'node:fs';
import i18next, { type TFunction } from 'i18next';
import { TREE_STATUS_NAMES } from '../../src/domain/tree-status-names';

export type ReportLanguage = 'he' | 'en';

const read = (rel: string) => JSON.parse(readFileSync(new URL(`../../src/features/${rel}`, import.meta.url), 'utf8')) as Record<string, unknown>;

const resources = Object.fromEntries(
  (['he', 'en'] as const).map((lng) => [
    lng,
    {
      'project-map': { ...read(`project-map/locales/${lng}.json`), status: TREE_STATUS_NAMES[lng] },
      home: read(`home/locales/${lng}.json`),
    },
  ]),
);

const instance = i18next.createInstance();
void instance.init({
  resources,
  fallbackLng: 'en',
  defaultNS: 'project-map',
  ns: ['project-map', 'home'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** `t` of a language (keys of project-map; `home:` prefixes the home namespace). */
export const reportTexts = (lng: ReportLanguage): TFunction => instance.getFixedT(lng, 'project-map');
