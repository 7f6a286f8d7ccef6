// Smoothing of GPS fixes (issue 35 "GPS that walks you to a tree": the dot must not jump between rows 4 m
// apart). A one-dimensional Kalman filter per fix, the same variance for both axes (the fix's accuracy is a
// radius): the estimate's variance grows with the time since the last fix at a walker's speed, and each fix
// pulls the estimate by the ratio of the two variances. A fix much worse than the current estimate is dropped
// while the estimate is fresh; a jump far beyond both radii (a drive, a restarted receiver) starts again there.
// Pure (no DOM): the app's position hook and unit tests use the same rules.
import { distanceMeters } from './walk';

export interface RawFix {
  lon: number;
  lat: number;
  /** Accuracy radius in metres (the browser's coords.accuracy), null when unknown. */
  accuracy: number | null;
  /** Milliseconds (the browser's position.timestamp). */
  time: number;
}

export interface SmoothedFix {
  lon: number;
  lat: number;
  /**
   * The accuracy radius the GPS gave with the last fix taken, in metres: what is shown and what arrival trusts
   * (the filter's own variance is smaller, but GPS errors of successive fixes are not independent).
   */
  accuracy: number;
  time: number;
  /** The estimate's variance in m². */
  variance: number;
}

/** How fast the estimate may drift between fixes: a brisk walk plus margin, in m/s. */
export const SMOOTHING_SPEED = 3;
/** A fix whose accuracy is more than this many times the current estimate's is dropped … */
export const REJECT_RATIO = 3;
/** … unless it is at most this good anyway (metres) … */
export const REJECT_FLOOR_METRES = 10;
/** … or the estimate is older than this (ms): then any fix is better than a stale one. */
export const STALE_MS = 10_000;
/** A jump farther than this (metres) and beyond 3σ of both is taken as it is, not averaged. */
export const RESET_METRES = 30;
/** An unknown accuracy counts as this (metres). */
export const UNKNOWN_ACCURACY = 30;
/** Browsers deliver at most about one fix a second (client.md §9: maximum age 1000 ms). */
const MIN_DT_S = 1;

const start = (f: RawFix, acc: number): SmoothedFix => ({ lon: f.lon, lat: f.lat, accuracy: acc, time: f.time, variance: acc * acc });

/**
 * The next estimate from the previous one (null: none yet) and a new fix. Returns `prev` itself when the fix is
 * dropped (much worse than a fresh estimate), so callers can skip a re-render.
 */
export function smoothFix(prev: SmoothedFix | null, fix: RawFix): SmoothedFix {
  const acc = Math.max(1, fix.accuracy !== null && Number.isFinite(fix.accuracy) ? fix.accuracy : UNKNOWN_ACCURACY);
  if (!prev) return start(fix, acc);
  const age = fix.time - prev.time;
  if (age > STALE_MS) return start(fix, acc);
  if (acc > REJECT_FLOOR_METRES && acc > REJECT_RATIO * prev.accuracy) return prev;
  const dt = Math.max(MIN_DT_S, age / 1000);
  const predicted = prev.variance + SMOOTHING_SPEED * SMOOTHING_SPEED * dt;
  const r = acc * acc;
  const jump = distanceMeters([prev.lon, prev.lat], [fix.lon, fix.lat]);
  if (jump > RESET_METRES && jump > 3 * Math.sqrt(predicted + r)) return start(fix, acc);
  const k = predicted / (predicted + r);
  const variance = (1 - k) * predicted;
  return {
    lon: prev.lon + k * (fix.lon - prev.lon),
    lat: prev.lat + k * (fix.lat - prev.lat),
    accuracy: acc,
    time: Math.max(prev.time, fix.time),
    variance,
  };
}
