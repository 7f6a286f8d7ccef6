// Swipe compare of the two flights' photos (issue 37): while comparing with a survey that has a photo too,
// its photo is drawn by a second map (src/map/swipe-map.ts) on the end side of a bar the grower drags (mouse,
// touch or the arrow keys); the open survey's photo stays on the start side, the trees stay on top of both.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createSwipeMap, type SwipeMap } from '../../map/swipe-map';
import { photoSpec, type PhotoState } from './use-orthophoto';
import './photo.css';

interface Props {
  map: MapLibreMap | null;
  photo: PhotoState;
  ownDate: string;
  comparedDate: string;
}

export function PhotoSwipe({ map, photo, ownDate, comparedDate }: Props) {
  const { t, i18n } = useTranslation('project-map');
  const rtl = i18n.dir() === 'rtl';
  const [at, setAt] = useState(0.5);
  const swipe = useRef<SwipeMap | null>(null);
  const spec = photoSpec(photo.compared, true, photo.opacity);
  const on = !!map && !!spec && photo.visible && photo.own?.status === 'ready';
  const key = on ? JSON.stringify(spec) : '';

  useEffect(() => {
    if (!map || !key) return;
    const s = createSwipeMap(map);
    swipe.current = s;
    return () => {
      s.destroy();
      swipe.current = null;
    };
  }, [map, !!key]); // eslint-disable-line react-hooks/exhaustive-deps -- one second map while the swipe is on
  useEffect(() => swipe.current?.setPhoto(key ? JSON.parse(key) : null), [key]);
  // The compared photo covers the end side: right of the bar in English, left of it in Hebrew.
  useEffect(() => swipe.current?.clipTo(at, rtl ? 'left' : 'right'), [at, rtl, key]);

  if (!on) return null;
  const move = (e: PointerEvent<HTMLDivElement>) => {
    if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
    const box = e.currentTarget.closest('.pm-swipe')!.getBoundingClientRect();
    setAt(Math.min(0.98, Math.max(0.02, (e.clientX - box.left) / box.width)));
  };
  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowLeft' ? -0.05 : e.key === 'ArrowRight' ? 0.05 : 0;
    if (!step) return;
    e.preventDefault();
    setAt((a) => Math.min(0.98, Math.max(0.02, a + step)));
  };
  return (
    <div className="pm-swipe" data-testid="photo-swipe">
      <span className={`pm-swipe__tag pm-swipe__tag--start`}>{ownDate}</span>
      <span className={`pm-swipe__tag pm-swipe__tag--end`}>{comparedDate}</span>
      {/* The line itself lets clicks through to the trees under it; only the handle is dragged. */}
      <div className="pm-swipe__bar" style={{ left: `${at * 100}%` }}>
        <div
          className="pm-swipe__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('photo.swipe')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(at * 100)}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            move(e);
          }}
          onPointerMove={move}
          onPointerUp={(e) => e.currentTarget.releasePointerCapture(e.pointerId)}
          onKeyDown={keys}
          data-testid="photo-swipe-bar"
        >
          <span aria-hidden="true">⇔</span>
        </div>
      </div>
    </div>
  );
}
