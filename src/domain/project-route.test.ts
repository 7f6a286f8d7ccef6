import { describe, expect, it } from 'vitest';
import { projectIdOfPath, projectViewTarget } from './project-route';

describe('projectViewTarget', () => {
  it('builds the view path with a YYYY-MM-DD day and the navigation state', () => {
    expect(projectViewTarget(12, '2026-11-19T00:00:00Z', 'Avocado')).toEqual({
      path: '/view/12/2026-11-19',
      state: { projectId: '12', observationDate: '2026-11-19', projectName: 'Avocado' },
    });
  });
  it('keeps the raw leading part of an invalid date', () => {
    expect(projectViewTarget('a b', 'not-a-date later', 'X').path).toBe('/view/a%20b/not-a-date');
  });
});

describe('projectIdOfPath', () => {
  it('reads back the id of a path projectViewTarget builds, and nothing else', () => {
    expect(projectIdOfPath(projectViewTarget('a b', '2026-11-19', 'X').path)).toBe('a b');
    expect(projectIdOfPath('/view/12/2026-11-19/')).toBe('12');
    expect(projectIdOfPath('/view/12')).toBeNull();
    expect(projectIdOfPath('/home')).toBeNull();
    expect(projectIdOfPath('/view/%E0%A4%A/x')).toBeNull(); // not decodable: no early start, no crash
  });
});
