// The map screen on a phone (issue 35 "A phone-first map"): the same breakpoint as the CSS's
// `@media (max-width: 600px)`, followed as the window turns or resizes.
import { useSyncExternalStore } from 'react';

const PHONE_QUERY = '(max-width: 600px)';

const subscribe = (onChange: () => void) => {
  const m = window.matchMedia(PHONE_QUERY);
  m.addEventListener('change', onChange);
  return () => m.removeEventListener('change', onChange);
};

/** True while the window is phone-sized. */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
