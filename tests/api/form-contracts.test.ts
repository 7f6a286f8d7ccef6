// Issue 34, one request contract: a form checks what it would send with the route's own schema
// (src/components/form-check.ts), so the form and the API refuse the same values for the same reasons. Here the
// API's 400 answer and the form's check of the same body give the same refused fields (field, code, params and
// the English message); one function words both in the UI's language (src/components/field-message.ts, tested
// in form-check.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../support/api-app';
import { ENGINE } from '../support/test-db';
import type { Account } from '../support/accounts';
import { issueItem } from '../../src/domain/contracts/issues';
import { clientBody } from '../../src/domain/contracts/clients';
import { createUserBody } from '../../src/domain/contracts/users';
import { createProjectBody } from '../../src/domain/contracts/admin-projects';
import { passwordBody } from '../../src/domain/contracts/auth';
import { referenceBodies } from '../../src/domain/contracts/reference';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const CASES: [string, Account, string, z.ZodType, Record<string, unknown>][] = [
  ['a client name too long', 'admin', '/api/admin/clients', clientBody, { name: 'x'.repeat(201) }],
  ['a blank client name', 'admin', '/api/admin/clients', clientBody, { name: '   ' }],
  [
    'a user with a bad email and a short password',
    'admin',
    '/api/admin/users',
    createUserBody,
    { email: 'not-an-email', first_name: 'Dana', last_name: '', client_id: 1, role: 'user', password: 'short' },
  ],
  [
    'a project with no users or products and a date that does not exist',
    'admin',
    '/api/admin/projects',
    createProjectBody,
    { name: 'Spring', observation_date: '2026-02-30', user_ids: [], products: [] },
  ],
  ['a new password too short', 'grower', '/api/auth/password', passwordBody, { current_password: 'anything', new_password: 'short' }],
  [
    'a tree status code out of range',
    'admin',
    '/api/admin/tree-status-types',
    referenceBodies['tree-status-types'],
    { status_code: 1000, status_name: 'Gone' },
  ],
  ['a breed without its crop', 'admin', '/api/admin/breeds', referenceBodies.breeds, { breed_name: 'Hass', crop_id: null }],
];

describe(`form and API refuse the same values alike on ${ENGINE}`, () => {
  it.each(CASES)('%s', async (_, account, url, schema, body) => {
    const res = await t.as(account, { method: 'POST', url, payload: body });
    expect(res.statusCode).toBe(400);
    const answer = res.json() as { code: string; errors: { field: string; message: string; code: string; params: Record<string, unknown> }[] };
    expect(answer.code).toBe('invalid_input');
    const parsed = schema.safeParse(body);
    expect(parsed.success).toBe(false);
    const form = JSON.parse(JSON.stringify(parsed.error!.issues.map(issueItem)));
    const api = answer.errors.map(({ field, message, code, params }) => ({ field, message, code, params }));
    expect(api.length).toBeGreaterThan(0);
    expect(api).toEqual(form);
  });
});
