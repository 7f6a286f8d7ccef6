// Bottom info panel (client.md §2, §9): resizable by a handle between 100 px
// and 80% of the window, initial 150 px. Content follows the selection.
// On a phone it is a bottom sheet (issue 35): a thumb drags the handle and the sheet settles on the nearest of
// three snap points (peek = 100 px, half, full = 80%), a tap on the handle goes to the next one, and the keyboard
// moves between them; the 100 px / 80% limits hold for every height.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './use-phone';
import { clampInfoHeight, INFO_INITIAL, INFO_MAX_SHARE, INFO_MIN, nearestSnap, nextSnap, snapHeights, snapNameOf, type SnapName } from './info-snap';

/** A pointer that moved less than this between down and up tapped the handle. */
const TAP_PX = 6;

export function InfoPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('project-map');
  const phone = usePhone();
  const [height, setHeight] = useState(INFO_INITIAL);
  const drag = useRef<{ y: number; h: number; moved: number } | null>(null);

  useEffect(() => {
    const onResize = () => setHeight((h) => clampInfoHeight(h, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = useCallback(
    (e: React.PointerEvent<HTMLDivElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { y: e.clientY, h: height, moved: 0 };
    },
    [height],
  );
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current.moved = Math.max(drag.current.moved, Math.abs(e.clientY - drag.current.y));
    setHeight(clampInfoHeight(drag.current.h + (drag.current.y - e.clientY), window.innerHeight));
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d || !phone) return;
    const wh = window.innerHeight;
    // A tap goes to the next snap point; a drag settles on the nearest.
    setHeight((h) => snapHeights(wh)[d.moved < TAP_PX ? nextSnap(h, wh, 1, true) : nearestSnap(h, wh)]);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const wh = window.innerHeight;
    const snaps = snapHeights(wh);
    const step = e.shiftKey ? 100 : 20;
    const to = (f: (h: number) => number) => setHeight((h) => clampInfoHeight(f(h), wh));
    if (e.key === 'Home') to(() => snaps.peek);
    else if (e.key === 'End') to(() => snaps.full);
    else if (e.key === 'ArrowUp') to((h) => (phone ? snaps[nextSnap(h, wh, 1)] : h + step));
    else if (e.key === 'ArrowDown') to((h) => (phone ? snaps[nextSnap(h, wh, -1)] : h - step));
    else return;
    e.preventDefault();
  };
  const snap: SnapName | null = snapNameOf(height, window.innerHeight);

  return (
    <section
      className={`pm-info${phone ? ' pm-info--sheet' : ''}`}
      style={{ blockSize: height }}
      data-testid="pm-info"
      data-height={height}
      data-snap={snap ?? 'free'}
    >
      {/* A focusable separator with a value is ARIA's window splitter (an interactive role); the rule does not know it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className="pm-info__handle"
        role="separator"
        aria-orientation="horizontal"
        aria-label={t('info.resize')}
        aria-valuemin={INFO_MIN}
        aria-valuemax={Math.round(window.innerHeight * INFO_MAX_SHARE)}
        aria-valuenow={height}
        aria-valuetext={snap ? t(`info.snap.${snap}`) : undefined}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid="pm-info-handle"
      >
        <span className="pm-info__grip" aria-hidden="true" />
      </div>
      {/* Scrolls by keyboard too: the region takes focus (axe scrollable-region-focusable). */}
      <div className="pm-info__body" role="region" aria-label={t('info.panel')} tabIndex={0}>
        {children}
      </div>
    </section>
  );
}
