// GPS tracking (client.md §2, §4): high accuracy, max age 1000 ms, timeout
// 10000 ms; each fix centres the map at zoom 17; errors are ignored.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useState } from 'react';

export const GPS_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 1000, timeout: 10_000 };

export function useGps(map: MapLibreMap | null, zoom: number) {
  const [tracking, setTracking] = useState(false);
  const [position, setPosition] = useState<[number, number] | null>(null);

  useEffect(() => {
    if (!tracking || !map || !('geolocation' in navigator)) return;
    const id = navigator.geolocation.watchPosition(
      (p) => {
        const lonLat: [number, number] = [p.coords.longitude, p.coords.latitude];
        setPosition(lonLat);
        map.easeTo({ center: lonLat, zoom, duration: 500 });
      },
      () => undefined, // §8: a geolocation error is ignored
      GPS_OPTIONS,
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [tracking, map, zoom]);

  return {
    tracking,
    position: tracking ? position : null,
    toggle: () => setTracking((v) => !v),
  };
}
