/// <reference types="vite-plugin-pwa/vanillajs" />
// The service worker's registration and "A new version is available — Reload" (issue 35, README "Installed app
// and offline"). A new version waits (src/sw/sw.ts) until the user taps Reload in this tab: then it takes over
// and this page reloads. It never reloads by itself: when another tab chose Reload, this one keeps its work and
// keeps offering Reload.
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerSW } from 'virtual:pwa-register';
import './app-update.css';

const CHECK_EVERY_MS = 60 * 60 * 1000;

let needRefresh = false;
let asked = false;
let update: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setNeedRefresh(): void {
  needRefresh = true;
  for (const l of listeners) l();
}

/** Registers the service worker (production builds in browsers that have them). */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  update = registerSW({
    onNeedRefresh: setNeedRefresh,
    // The new version controls this page now: reload only when this tab asked for it.
    onNeedReload: () => (asked ? window.location.reload() : setNeedRefresh()),
    // An installed app may stay open for days: look for a new version every hour (not when offline).
    onRegisteredSW: (_url, r) => {
      if (r) setInterval(() => void (navigator.onLine ? r.update().catch(() => undefined) : undefined), CHECK_EVERY_MS);
    },
  });
}

async function reloadNow(): Promise<void> {
  asked = true;
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  // Waiting: it takes over, then onNeedReload reloads. Already active (another tab chose Reload): reload now.
  if (waiting && update) await update();
  else window.location.reload();
}

const subscribe = (l: () => void) => (listeners.add(l), () => listeners.delete(l));

export function AppUpdateBanner() {
  const { t } = useTranslation();
  const shown = useSyncExternalStore(
    subscribe,
    () => needRefresh,
    () => false,
  );
  if (!shown) return null;
  return (
    <div className="app-update" role="status" data-testid="app-update">
      <span>{t('update.available')}</span>
      <button type="button" className="btn btn--primary" onClick={() => void reloadNow()} data-testid="app-update-reload">
        {t('update.reload')}
      </button>
    </div>
  );
}
