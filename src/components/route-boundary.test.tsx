// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../i18n';
import { RouteBoundary } from './route-boundary';
import { shouldReloadForStaleChunk } from '../app/stale-chunks';

// A render error shows the translated crash screen with Reload Page, not a white page.

let explode = true;
function Fragile() {
  if (explode) throw new Error('render failed');
  return <p>page content</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  explode = true;
});

describe('RouteBoundary', () => {
  it('catches a render error: Hebrew message, Reload Page reloads, Try Again renders again', async () => {
    await i18n.changeLanguage('he');
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs the caught error
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(
      <MemoryRouter>
        <RouteBoundary>
          <Fragile />
        </RouteBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('crash').textContent).toContain('משהו השתבש');
    fireEvent.click(screen.getByRole('button', { name: 'טען דף מחדש' }));
    expect(reload).toHaveBeenCalledTimes(1);
    explode = false;
    fireEvent.click(screen.getByRole('button', { name: 'נסה שוב' }));
    expect(screen.getByText('page content')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});

describe('stale chunks after a redeploy', () => {
  it('reload once, not again within a minute', () => {
    expect(shouldReloadForStaleChunk(null, 1_000_000)).toBe(true);
    expect(shouldReloadForStaleChunk(1_000_000 - 5_000, 1_000_000)).toBe(false);
    expect(shouldReloadForStaleChunk(1_000_000 - 61_000, 1_000_000)).toBe(true);
  });
});
