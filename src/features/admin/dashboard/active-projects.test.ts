import { describe, expect, it } from 'vitest';
import { isActiveProject } from './active-projects';

describe('active projects', () => {
  const today = new Date('2026-11-22T15:00:00Z');
  it('counts future flights and those of the last 90 days', () => {
    expect(isActiveProject('2026-12-01', today)).toBe(true);
    expect(isActiveProject('2026-11-22', today)).toBe(true);
    expect(isActiveProject('2026-08-24', today)).toBe(true);
    expect(isActiveProject('2026-08-23', today)).toBe(false);
  });
  it('does not count undated or malformed projects', () => {
    expect(isActiveProject(null, today)).toBe(false);
    expect(isActiveProject('soon', today)).toBe(false);
  });
});
