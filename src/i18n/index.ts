import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { namespacesFromModules } from './namespaces';
import { TREE_STATUS_NAMES } from '../domain/tree-status-names';
import { manifestPath } from '../app/web-manifest';

export const LANGUAGES = ['he', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

// Strings live next to the feature that shows them:
// src/features/<path>/locales/<lng>.json → namespace '<path with dots>'.
const featureModules = import.meta.glob<{ default: Record<string, unknown> }>('../features/**/locales/*.json', { eager: true });
const commonModules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources = namespacesFromModules({ ...featureModules, ...commonModules });
// Tree status names are shared with the server's exports (src/domain).
for (const lng of LANGUAGES) if (resources[lng]?.['project-map']) resources[lng]['project-map'].status = TREE_STATUS_NAMES[lng];

export function applyDocumentLanguage(lng: string): void {
  const base = lng.startsWith('he') ? 'he' : 'en';
  document.documentElement.lang = base;
  document.documentElement.dir = i18n.dir(base);
  // The installed app is named in the language the user reads (src/app/web-manifest.ts).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestPath(base));
}

i18n.on('languageChanged', applyDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    fallbackLng: 'en',
    ns: Object.keys(resources.en ?? {}),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      // The spec lists these five sources. An explicit choice (?lng= or the
      // language switcher, kept in localStorage/cookie) is checked before the
      // browser's own language, otherwise a chosen language could never stick.
      order: ['querystring', 'localStorage', 'cookie', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      caches: ['localStorage', 'cookie'],
    },
  });

export default i18n;
