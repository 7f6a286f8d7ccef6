import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARED_ERROR_ROUTES } from '../../server/plugins/api-doc';
import { createTestApp, type TestApp } from '../support/api-app';
import { apiRoutes } from '../support/route-matrix';

// The API docs (issue 12): swagger-ui at /api/docs and the OpenAPI document at
// /api/docs/json, both without a token; the page's scripts are files of the
// package (no inline script: the app's CSP holds).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('API docs', () => {
  it('serves the docs page and its scripts without a token, under the app CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // No inline script: every script is a file (src) with an empty body.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="/);
      expect(body.trim()).toBe('');
    }
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('./json');
  });

  it('serves the OpenAPI document of every API route, and hides its own routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Orchard survey API');
    const paths = Object.keys(doc.paths);
    for (const p of ['/api/auth/login', '/api/projects/user', '/api/projects/{projectId}/export', '/api/admin/clients']) expect(paths, p).toContain(p);
    expect(paths.filter((p) => p.startsWith('/api/docs'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/yaml' })).body).toMatch(/^openapi: 3\./);
  });

  it('documents what every API route answers: a JSON schema or the media types of its file', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
    };
    const undocumented: string[] = [];
    let documented = 0;
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses ?? {}).filter(([code, r]) => /^2/.test(code) && Object.values(r.content ?? {}).some((c) => c.schema));
        if (success.length) documented++;
        else undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    expect(undocumented).toEqual([]);
    expect(documented).toBeGreaterThan(80);
  });

  it('passes an independent OpenAPI validator (@apidevtools/swagger-parser)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<Parameters<typeof SwaggerParser.validate>[0]>();
    // validate() dereferences the document in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('documents the error answers of every operation with the one Error schema (issue 32: 1 of 82 did before)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;
      components: { schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(['success', 'message', 'code']));
    let operations = 0,
      withErrors = 0;
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        const errors = Object.entries(op.responses ?? {}).filter(([code]) => /^[45]/.test(code));
        if (errors.length) withErrors++;
        const need = [
          '400',
          '500',
          '503',
          ...(path.startsWith('/api/auth/login') || path === '/api/health' ? [] : ['401']),
          ...(path.includes('{') ? ['404'] : []),
        ];
        for (const code of need) if (!op.responses?.[code]) missing.push(`${method.toUpperCase()} ${path} ${code}`);
        for (const [code, r] of errors) {
          if (path === '/api/health' && code === '503') continue; // its own body: the health answer or the Error
          expect(r.content?.['application/json']?.schema?.$ref, `${method.toUpperCase()} ${path} ${code}`).toBe('#/components/schemas/Error');
        }
      }
    const pairs = Object.values(doc.paths).reduce(
      (n, ops) => n + Object.values(ops).reduce((m, op) => m + Object.keys(op.responses ?? {}).filter((c) => /^[45]/.test(c)).length, 0),
      0,
    );
    console.log(`[docs] ${withErrors} of ${operations} operations document their error answers (${pairs} operation×status pairs)`);
    const registered = new Set(apiRoutes(t.app).map((r) => r.key));
    expect(
      DECLARED_ERROR_ROUTES.filter((k) => !registered.has(k)),
      'server/plugins/api-doc.ts DECLARED names a route that is not registered',
    ).toEqual([]);
    expect(missing).toEqual([]);
    expect(withErrors).toBe(operations);
  });
});
