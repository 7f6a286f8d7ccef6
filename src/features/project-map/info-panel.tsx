// Bottom info panel (client.md §2, §9): resizable by a handle between 100 px
// and 80% of the window, initial 150 px. Content follows the selection.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const INFO_MIN = 100;
export const INFO_INITIAL = 150;
export const INFO_MAX_SHARE = 0.8;

export function clampInfoHeight(h: number, windowHeight: number): number {
  return Math.round(Math.min(Math.max(h, INFO_MIN), Math.max(INFO_MIN, windowHeight * INFO_MAX_SHARE)));
}

export function InfoPanel({ children }: { children: ReactNode }) {
  const { t } = useTranslation('project-map');
  const [height, setHeight] = useState(INFO_INITIAL);
  const drag = useRef<{ y: number; h: number } | null>(null);

  useEffect(() => {
    const onResize = () => setHeight((h) => clampInfoHeight(h, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  const onPointerDown = useCallback(
    (e: React.PointerEvent<HTMLDivElement>) => {
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { y: e.clientY, h: height };
    },
    [height],
  );
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setHeight(clampInfoHeight(drag.current.h + (drag.current.y - e.clientY), window.innerHeight));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const step = e.shiftKey ? 100 : 20;
    if (e.key === 'ArrowUp') setHeight((h) => clampInfoHeight(h + step, window.innerHeight));
    else if (e.key === 'ArrowDown') setHeight((h) => clampInfoHeight(h - step, window.innerHeight));
    else return;
    e.preventDefault();
  };

  return (
    <section className="pm-info" style={{ blockSize: height }} data-testid="pm-info" data-height={height}>
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
