import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (⌘ on a Mac), anywhere on the page but in a text field or a list:
 * `onKey(redo)` decides what (the admin map: a vertex while drawing, else the last saved reshape).
 */
export function useUndoKeys(onKey: (redo: boolean) => void): void {
  // The latest handler for the listener (registered once), updated after each render.
  const latest = useRef(onKey);
  useLayoutEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k !== 'z' && k !== 'y') return;
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      e.preventDefault();
      latest.current(k === 'y' || e.shiftKey);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
