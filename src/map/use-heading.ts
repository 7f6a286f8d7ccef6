// The phone's compass heading (issue 35, "walk to this tree"): degrees clockwise from north, from
// DeviceOrientationEvent where the browser gives an absolute one (`deviceorientationabsolute`, or iOS's
// webkitCompassHeading); null otherwise (the arrow then points on a north-up compass). On iOS the permission
// is asked by DeviceOrientationEvent.requestPermission() from a tap (`ask`).
import { useEffect, useState } from 'react';

type IosOrientation = DeviceOrientationEvent & { webkitCompassHeading?: number };

/** The heading an orientation event says, or null when it is not an absolute one. */
export function headingOf(e: DeviceOrientationEvent): number | null {
  const ios = (e as IosOrientation).webkitCompassHeading;
  if (typeof ios === 'number' && Number.isFinite(ios)) return ios;
  if (e.absolute && typeof e.alpha === 'number') return (360 - e.alpha) % 360;
  return null;
}

export function useHeading(on: boolean): number | null {
  const [heading, setHeading] = useState<number | null>(null);
  useEffect(() => {
    if (!on || typeof window === 'undefined') return;
    const onEvent = (e: Event) => {
      const h = headingOf(e as DeviceOrientationEvent);
      if (h !== null) setHeading(h);
    };
    window.addEventListener('deviceorientationabsolute', onEvent);
    window.addEventListener('deviceorientation', onEvent);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onEvent);
      window.removeEventListener('deviceorientation', onEvent);
    };
  }, [on]);
  return on ? heading : null;
}

/** iOS asks before giving orientation events: called from the tap that starts a walk. */
export function askForHeading(): void {
  const D = (typeof window !== 'undefined' ? window.DeviceOrientationEvent : undefined) as
    (typeof DeviceOrientationEvent & { requestPermission?: () => Promise<string> }) | undefined;
  void D?.requestPermission?.().catch(() => undefined);
}
