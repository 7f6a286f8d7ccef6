// React hooks of kept surveys (issue 35): whether the browser is online, and the signed-in user's kept surveys
// (re-read whenever they change, in this tab or another).
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '../../api/session';
import { serverReachable, subscribeReach } from '../../api/reachability';
import { device, deviceSupported, onDeviceChange } from './device';
import type { ShownSurvey } from './kept-store';

/** Online: the browser says so and the server answers (src/api/reachability.ts), kept up to date. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeReach, serverReachable, () => true);
}

export interface KeptList {
  /** null while the device is read (or when this browser cannot keep surveys: then []). */
  surveys: ShownSurvey[] | null;
  used: number;
  budget: number;
}

/** The signed-in user's kept surveys, most recently opened first, with the bytes used and the budget. */
export function useKeptSurveys(): KeptList {
  const userId = useSession()?.user?.user_id ?? null;
  const [state, setState] = useState<KeptList & { userId: number | null }>({ surveys: null, used: 0, budget: 0, userId: null });
  useEffect(() => {
    let live = true;
    const read = async () => {
      if (userId === null || !deviceSupported()) return live && setState({ surveys: [], used: 0, budget: 0, userId });
      const [surveys, usage] = await Promise.all([device().list(userId), device().usage()]).catch(() => [[], { used: 0, budget: 0 }] as const);
      if (live) setState({ surveys: [...surveys], ...usage, userId });
    };
    void read();
    const off = onDeviceChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [userId]);
  return state.userId === userId ? state : { surveys: null, used: 0, budget: 0 };
}
