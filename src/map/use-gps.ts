// GPS tracking (client.md §2, §4): high accuracy, max age 1000 ms, timeout 10000 ms; each fix centres the map at
// zoom 17 while the map follows. Issue 35 (a phone walk): panning releases follow mode (the grower can look
// around) and `recentre()` brings it back; a denied permission is said on the button ("Location off") rather than
// in an alert (§8: a geolocation error raises no alert); other errors are ignored as before.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';

export const GPS_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 1000, timeout: 10_000 };

export function useGps(map: MapLibreMap | null, zoom: number) {
  const [tracking, setTracking] = useState(false);
  const [denied, setDenied] = useState(false);
  const [follow, setFollow] = useState(true);
  const [position, setPosition] = useState<[number, number] | null>(null);
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const followRef = useRef(follow);
  useEffect(() => {
    followRef.current = follow;
  }, [follow]);

  useEffect(() => {
    if (!tracking || !map || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const lonLat: [number, number] = [p.coords.longitude, p.coords.latitude];
        setPosition(lonLat);
        setAccuracy(Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null);
        setDenied(false);
        if (followRef.current) map.easeTo({ center: lonLat, zoom, duration: 500 });
      },
      (e) => {
        // §8: no alert. Only a refused permission is said (on the button); a timeout or no fix waits for the next.
        if (e.code === e.PERMISSION_DENIED) setDenied(true);
      },
      GPS_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [tracking, map, zoom]);

  return {
    tracking,
    /** Tracking was asked for, and the browser refuses the position. */
    denied: tracking && denied,
    /** Each fix centres the map (until the user pans). */
    following: tracking && follow,
    position: tracking && !denied ? position : null,
    /** The last fix's accuracy radius in metres. */
    accuracy: tracking && !denied ? accuracy : null,
    /** Starts tracking (walking to a tree), following unless the user pans. */
    start: () => {
      setTracking(true);
      setFollow(true);
    },
    toggle: () => {
      setTracking((v) => !v);
      setFollow(true);
      setDenied(false);
    },
    /** The user moved the map: fixes no longer centre it. */
    release: () => setFollow(false),
    /** Follow again, from the last fix. */
    recentre: () => {
      setFollow(true);
      if (map && position) map.easeTo({ center: position, zoom, duration: 500 });
    },
  };
}
