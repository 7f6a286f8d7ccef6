// Tree check (issue 37): the selected tree's panel shows the photo around it, 64 × 64 px of the native zoom
// (about 2 m at 3 cm/px, 16 m at 25 cm), with its measured canopy drawn as a circle, so a grower sees the tree
// before sending anyone to it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTile, tileTemplate, type OrthophotoStatus } from '../../api/orthophoto';
import { cropWindow } from './photo-crop';

const SIZE = 64;

interface Props {
  photo: OrthophotoStatus | null;
  lon: number;
  lat: number;
  /** Canopy diameter in metres (not drawn without one). */
  canopy: number | null;
}

export function TreePhotoCrop({ photo, lon, lat, canopy }: Props) {
  const { t } = useTranslation('project-map');
  const ref = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'shown' | 'none'>('loading');
  const template = tileTemplate(photo);
  const zoom = photo?.maxzoom ?? null;
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas || !template || zoom === null) return;
    const ctl = new AbortController();
    const w = cropWindow(lon, lat, zoom, SIZE, canopy);
    const ctx = canvas.getContext('2d')!;
    ctx.clearRect(0, 0, SIZE, SIZE);
    void Promise.all(
      w.tiles.map(async (tile) => {
        const img = await fetchTile(template, zoom, tile.x, tile.y, ctl.signal);
        if (img) ctx.drawImage(img, tile.dx, tile.dy);
        return !!img;
      }),
    ).then(
      (drawn) => {
        if (ctl.signal.aborted) return;
        if (w.radiusPx) {
          ctx.strokeStyle = 'rgb(255, 140, 0)';
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.arc(SIZE / 2, SIZE / 2, w.radiusPx, 0, 2 * Math.PI);
          ctx.stroke();
        }
        setState(drawn.some(Boolean) ? 'shown' : 'none');
      },
      () => !ctl.signal.aborted && setState('none'),
    );
    return () => ctl.abort();
  }, [template, zoom, lon, lat, canopy]);
  if (!template) return null;
  return (
    <figure className={`pm-tree-photo pm-tree-photo--${state}`} data-testid="tree-photo" data-state={state}>
      <canvas ref={ref} width={SIZE} height={SIZE} role="img" aria-label={t('photo.crop')} />
      <figcaption>{state === 'none' ? t('photo.cropNone') : t('photo.crop')}</figcaption>
    </figure>
  );
}
