// The aerial photo of the open survey (and of the compared one) on the project map (issue 37): its status,
// whether it is shown and how opaque, and its MapLibre layer. On by default whenever the survey has a photo
// (README Decisions: not a client.md layer, and always under plots, areas and trees).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { orthophotoQuery, tileTemplate, type OrthophotoStatus } from '../../api/orthophoto';
import { getAccessToken } from '../../api/access-token';
import { applyPhotoLayer, type PhotoLayerSpec } from '../../map/photo-layer';

export interface PhotoState {
  own: OrthophotoStatus | null;
  compared: OrthophotoStatus | null;
  visible: boolean;
  opacity: number;
  setVisible(on: boolean): void;
  setOpacity(o: number): void;
}

/** The layer spec of a ready photo, or null. */
export function photoSpec(s: OrthophotoStatus | null | undefined, visible: boolean, opacity: number): PhotoLayerSpec | null {
  const tiles = tileTemplate(s);
  if (!s || !tiles || !s.bounds || s.minzoom === null || s.maxzoom === null) return null;
  return { tiles, bounds: s.bounds, minzoom: s.minzoom, maxzoom: s.maxzoom, visible, opacity };
}

export function useOrthophoto(map: MapLibreMap | null, projectId: number, comparedId: number | null): PhotoState {
  const own = useQuery(orthophotoQuery(projectId)).data ?? null;
  const compared = useQuery({ ...orthophotoQuery(comparedId ?? 0), enabled: !!comparedId }).data ?? null;
  const [visible, setVisible] = useState(true);
  const [opacity, setOpacity] = useState(1);
  const spec = photoSpec(own, visible, opacity);
  const key = spec ? JSON.stringify(spec) : '';
  useEffect(() => {
    if (!map) return;
    return applyPhotoLayer(map, 'orthophoto', key ? (JSON.parse(key) as PhotoLayerSpec) : null);
  }, [map, key]);
  // Tiles are requested with the token of the moment (src/map/api-tiles.ts): while a photo is shown, it is kept
  // valid (a 15-minute access token is renewed a minute before it ends, without a request of the app's own).
  useEffect(() => {
    if (!key) return;
    const timer = setInterval(() => void getAccessToken().catch(() => undefined), 30_000);
    return () => clearInterval(timer);
  }, [key]);
  return { own, compared: comparedId ? compared : null, visible, opacity, setVisible, setOpacity };
}
