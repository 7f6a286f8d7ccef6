import { describe, expect, it } from 'vitest';
import { namespacesFromModules } from './namespaces';

describe('namespacesFromModules', () => {
  it('maps feature folders to dotted namespaces and common files to their name', () => {
    const r = namespacesFromModules({
      '../features/admin/users/locales/he.json': { default: { a: 'א' } },
      '../features/home/locales/en.json': { default: { b: 'B' } },
      './locales/en/common.json': { default: { c: 'C' } },
    });
    expect(r).toEqual({ he: { 'admin.users': { a: 'א' } }, en: { home: { b: 'B' }, common: { c: 'C' } } });
  });
});
