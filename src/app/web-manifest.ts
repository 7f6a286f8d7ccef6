// The web app manifest (issue 35, README "Installed app and offline"): one per UI language, the same app. The
// build writes both (vite.config.ts); index.html links the Hebrew one (Hebrew first) and the app points the link
// at the language the user reads (src/i18n applyDocumentLanguage), so the installed app is named in it.
// Pure data: read by the build, the tests and the app.

export const THEME_COLOUR = '#1b5e20';
export const BACKGROUND_COLOUR = '#f5f7f2';
export const START_URL = '/home';

/** Where each language's manifest is served. */
export const manifestPath = (lang: 'he' | 'en') => `/manifest.${lang}.webmanifest`;

const NAMES = {
  he: { name: 'סקר מטעים', short_name: 'סקר מטעים', description: 'סקר אווירי של המטע: כל עץ על המפה, בריאותו ודשנו, גם בלי קליטה' },
  en: {
    name: 'Orchard Survey',
    short_name: 'Orchard',
    description: "Your orchard's aerial survey: every tree on the map with its health and nutrients, even without signal",
  },
} as const;

export const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

export function webManifest(lang: 'he' | 'en') {
  return {
    // One identity for both languages: installing from the English screen is the same app as from the Hebrew one.
    id: START_URL,
    ...NAMES[lang],
    lang,
    dir: lang === 'he' ? 'rtl' : 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    categories: ['productivity', 'utilities'],
    icons: ICONS,
  };
}
