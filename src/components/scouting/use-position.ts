// The phone's position while a field screen is open (navigator.geolocation.watchPosition with client.md §9's
// options: high accuracy, max age 1000 ms, timeout 10000 ms). Errors are kept, not thrown (a denied or lost fix
// leaves the screen usable without guidance).
import { useEffect, useState } from 'react';

export interface Fix {
  lon: number;
  lat: number;
  accuracy: number | null;
  /** Degrees clockwise from north the phone moves in, when it moves. */
  heading: number | null;
}

export function usePosition(on = true): { fix: Fix | null; error: string | null } {
  const [fix, setFix] = useState<Fix | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!on || typeof navigator === 'undefined' || !navigator.geolocation) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        setError(null);
        setFix({
          lon: p.coords.longitude,
          lat: p.coords.latitude,
          accuracy: p.coords.accuracy ?? null,
          heading: Number.isFinite(p.coords.heading) ? p.coords.heading : null,
        });
      },
      (e) => setError(e.message || 'position unavailable'),
      { enableHighAccuracy: true, maximumAge: 1000, timeout: 10_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [on]);
  return { fix, error };
}
