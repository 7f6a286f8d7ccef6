// GPS tracking (client.md §2, §4): high accuracy, max age 1000 ms, timeout 10000 ms; each fix centres the map at
// zoom 17 while the map follows. Issue 35 (a phone walk): panning releases follow mode (the grower can look
// around) and `recentre()` brings it back; a denied permission is said on the button ("Location off") rather than
// in an alert (§8: a geolocation error raises no alert); other errors are ignored as before. The position is
// usePosition's (smoothed, issue 35).
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { usePosition } from '../components/scouting/use-position';

export function useGps(map: MapLibreMap | null, zoom: number) {
  const [tracking, setTracking] = useState(false);
  const [follow, setFollow] = useState(true);
  const { fix, denied } = usePosition(tracking && !!map);

  useEffect(() => {
    if (fix && map && follow) map.easeTo({ center: [fix.lon, fix.lat], zoom, duration: 500 });
    // Only a new fix moves the map (not the release of follow mode).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fix, map, zoom]);

  return {
    tracking,
    /** Tracking was asked for, and the browser refuses the position. */
    denied: tracking && denied,
    /** Each fix centres the map (until the user pans). */
    following: tracking && follow,
    /** The smoothed fix (usePosition, workers/geo/fix-smoothing.ts) with its accuracy radius: the dot and the walk. */
    fix: tracking && !denied ? fix : null,
    /** Starts tracking (walking to a tree), following unless the user pans. */
    start: () => {
      setTracking(true);
      setFollow(true);
    },
    toggle: () => {
      setTracking((v) => !v);
      setFollow(true);
    },
    /** The user moved the map: fixes no longer centre it. */
    release: () => setFollow(false),
    /** Follow again, from the last fix. */
    recentre: () => {
      setFollow(true);
      if (map && fix) map.easeTo({ center: [fix.lon, fix.lat], zoom, duration: 500 });
    },
  };
}
