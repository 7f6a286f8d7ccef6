// One-time MapLibre set-up: its worker and the RTL text plugin come from our
// own bundle (no CDN; the CSP allows only 'self' scripts).
import { getRTLTextPluginStatus, setRTLTextPlugin, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import rtlTextUrl from '../../node_modules/@mapbox/mapbox-gl-rtl-text/dist/mapbox-gl-rtl-text.js?url';

let done = false;

export function setupMapLibre(): void {
  if (done) return;
  done = true;
  setWorkerUrl(workerUrl);
  // Lazy: loaded only when a label with right-to-left text is drawn. The
  // package's exports map hides dist/, hence the path through node_modules.
  if (getRTLTextPluginStatus() === 'unavailable') {
    setRTLTextPlugin(rtlTextUrl, true).catch(() => {
      /* labels still draw; only bidi shaping would be missing */
    });
  }
}
