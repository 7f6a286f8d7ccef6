// What the API answered against what its document says (issue 32): the security
// matrix and the bad-input corpus record every answer here; at the end each
// received status must be documented for its operation, and each JSON body must
// validate (ajv) against the schema /api/docs/json documents for that status, 2xx
// included. The received error codes are collected for the language check (every
// code has an English and a Hebrew text).
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import en from '../../src/i18n/locales/en/common.json';
import he from '../../src/i18n/locales/he/common.json';
import { openApiPath } from '../../server/plugins/api-doc';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (a: Ajv) => Ajv;

interface Answer {
  key: string;
  url: string;
  method: string;
  status: number;
  type: string;
  body: string;
}
type Doc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>> };

/** OpenAPI 3.0's `nullable: true` as JSON Schema says it (ajv takes `nullable` only beside a `type`). */
function jsonSchemaNullable(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(jsonSchemaNullable);
  if (!v || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonSchemaNullable(x)])) as Record<string, unknown>;
  if (o.nullable !== true) return o;
  delete o.nullable;
  if (typeof o.type === 'string' && !o.enum) return { ...o, type: [o.type, 'null'] };
  return { anyOf: [o, { type: 'null' }] };
}

const pointer = (parts: string[]) => `#/${parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

export class AnswerLog {
  private readonly answers: Answer[] = [];
  /** Every error code received, with where it was first seen. */
  readonly codes = new Map<string, string>();

  /** One answer of the route `route` ("GET /api/x/:id"). */
  record(route: { method: string; url: string }, res: LightMyRequestResponse, where: string): void {
    if (route.url.startsWith('/api/docs')) return; // the document itself (hidden from it)
    const type = String(res.headers['content-type'] ?? '');
    this.answers.push({ key: where, url: route.url, method: route.method, status: res.statusCode, type, body: res.body });
    if (res.statusCode >= 400 && type.startsWith('application/json')) {
      const code = (JSON.parse(res.body) as { code?: unknown }).code;
      if (typeof code === 'string' && !this.codes.has(code)) this.codes.set(code, `${where} → ${res.statusCode}`);
    }
  }

  /** Received codes without an English or a Hebrew text in common:errors.codes, with where each was seen. */
  untranslated(): string[] {
    const has = (d: { errors: { codes: Record<string, string> } }, c: string) => typeof d.errors.codes[c] === 'string' && d.errors.codes[c].trim() !== '';
    return [...this.codes].filter(([c]) => !has(en, c) || !has(he, c)).map(([c, where]) => `${c} (${where})`);
  }

  get size(): number {
    return this.answers.length;
  }

  /** Problems: statuses the operation does not document, bodies that break the documented schema. */
  async check(app: FastifyInstance): Promise<{ problems: string[]; statuses: number; validated: number }> {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<Doc>();
    const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(jsonSchemaNullable(doc) as object, 'api');
    const compiled = new Map<string, ValidateFunction | null>();
    const problems = new Set<string>();
    let validated = 0;
    const seen = new Set<string>();
    for (const a of this.answers) {
      const path = openApiPath(a.url);
      const op = doc.paths[path]?.[a.method.toLowerCase()];
      if (!op) {
        problems.add(`${a.method} ${path}: not in the document`);
        continue;
      }
      seen.add(`${a.method} ${path} ${a.status}`);
      const response = op.responses?.[String(a.status)] ?? op.responses?.[`${String(a.status)[0]}XX`] ?? op.responses?.default;
      if (!response) {
        problems.add(`${a.method} ${path} answered ${a.status}, which it does not document (${a.key}: ${a.body.slice(0, 120)})`);
        continue;
      }
      if (a.status === 204 || a.status === 304 || !a.body) continue;
      const media = a.type.split(';')[0].trim();
      const content = response.content ?? {};
      if (!(media in content)) {
        problems.add(`${a.method} ${path} ${a.status}: ${media} is not a documented type (${Object.keys(content).join(', ') || 'none'})`);
        continue;
      }
      if (media !== 'application/json') continue;
      const id = `${a.method} ${path} ${a.status}`;
      if (!compiled.has(id)) {
        const status = String(a.status) in (op.responses ?? {}) ? String(a.status) : `${String(a.status)[0]}XX`;
        compiled.set(
          id,
          content[media].schema
            ? ajv.compile({ $ref: `api${pointer(['paths', path, a.method.toLowerCase(), 'responses', status, 'content', media, 'schema'])}` })
            : null,
        );
      }
      const validate = compiled.get(id);
      if (!validate) continue;
      validated++;
      if (!validate(JSON.parse(a.body)))
        problems.add(`${id}: the body breaks the documented schema: ${ajv.errorsText(validate.errors)} (${a.body.slice(0, 160)})`);
    }
    return { problems: [...problems], statuses: seen.size, validated };
  }
}
