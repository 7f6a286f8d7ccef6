// The phone's position while a field screen or the map's GPS is on (navigator.geolocation.watchPosition with
// client.md §9's options: high accuracy, max age 1000 ms, timeout 10000 ms), smoothed so the dot does not jump
// between rows (workers/geo/fix-smoothing.ts, issue 35). The one owner of watchPosition: the map (use-gps.ts)
// and "My tasks" both use it. Errors are kept, not thrown (a denied or lost fix leaves the screen usable
// without guidance; client.md §8: no alert).
import { useEffect, useMemo, useState } from 'react';
import { smoothFix, type SmoothedFix } from '../../../workers/geo/fix-smoothing';

const GPS_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 1000, timeout: 10_000 };

export interface Fix {
  lon: number;
  lat: number;
  accuracy: number | null;
  /** Degrees clockwise from north the phone moves in, when it moves. */
  heading: number | null;
}

interface State {
  smoothed: SmoothedFix | null;
  heading: number | null;
  error: string | null;
  denied: boolean;
}

const NONE: State = { smoothed: null, heading: null, error: null, denied: false };

export function usePosition(on = true): { fix: Fix | null; error: string | null; denied: boolean } {
  const [state, setState] = useState<State>(NONE);
  useEffect(() => {
    if (!on || typeof navigator === 'undefined' || !navigator.geolocation) return;
    const id = navigator.geolocation.watchPosition(
      (p) =>
        setState((s) => {
          const smoothed = smoothFix(s.smoothed, {
            lon: p.coords.longitude,
            lat: p.coords.latitude,
            accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
            time: Number.isFinite(p.timestamp) ? p.timestamp : Date.now(),
          });
          const heading = Number.isFinite(p.coords.heading) ? p.coords.heading : null;
          if (smoothed === s.smoothed && heading === s.heading && !s.error) return s; // a dropped fix: nothing to draw
          return { smoothed, heading, error: null, denied: false };
        }),
      (e) => setState((s) => ({ ...s, error: e.message || 'position unavailable', denied: e.code === e.PERMISSION_DENIED })),
      GPS_OPTIONS,
    );
    return () => {
      navigator.geolocation.clearWatch(id);
      setState(NONE);
    };
  }, [on]);
  const s = state.smoothed;
  // The same Fix object while the estimate is the same (effects keyed on it do not re-run).
  const fix = useMemo(() => (s ? { lon: s.lon, lat: s.lat, accuracy: s.accuracy, heading: state.heading } : null), [s, state.heading]);
  return { fix: on ? fix : null, error: on ? state.error : null, denied: on && state.denied };
}
