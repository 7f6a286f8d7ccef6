import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, MAX_WAIT_SECONDS, backoffSeconds } from './login-throttle';

describe('backoffSeconds (README: sign-in limits)', () => {
  it('lets five failures of a pair pass, then doubles the wait from 2 s up to 15 minutes', () => {
    expect(FREE_FAILURES).toBe(5);
    expect([0, 1, 4].map(backoffSeconds)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 12].map(backoffSeconds)).toEqual([2, 4, 8, 16, 256]);
    expect(backoffSeconds(13)).toBe(512);
    expect(backoffSeconds(14)).toBe(MAX_WAIT_SECONDS);
    expect(backoffSeconds(1000)).toBe(MAX_WAIT_SECONDS);
  });
});
