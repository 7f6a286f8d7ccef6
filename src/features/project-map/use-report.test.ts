// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import i18n from '../../i18n';
import { noteReach } from '../../api/reachability';
import { useReport } from './use-report';

describe('useReport', () => {
  afterEach(() => {
    noteReach(true);
    vi.restoreAllMocks();
  });

  it('says it needs a connection when the browser is "online" but the server gave no answer (Wi-Fi without internet), and asks nothing', async () => {
    await i18n.changeLanguage('en');
    expect(navigator.onLine).toBe(true);
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    noteReach(false); // the app's last call got no answer at all
    const { result } = renderHook(() => useReport(7, null));
    await act(() => result.current.run());
    expect(result.current.busy).toBe(false);
    expect(result.current.message).toBe(i18n.t('project-map:device.needsConnectionText'));
    expect(result.current.message).not.toBe('device.needsConnectionText');
    expect(fetch).not.toHaveBeenCalled();
  });
});
