// One-time MapLibre set-up: its worker comes from our own bundle (no CDN; the
// CSP allows only 'self' scripts). No RTL text plugin: the maps draw no
// MapLibre symbol layers (labels are deck.gl text layers, shaped by the browser).
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let done = false;

export function setupMapLibre(): void {
  if (done) return;
  done = true;
  setWorkerUrl(workerUrl);
}
