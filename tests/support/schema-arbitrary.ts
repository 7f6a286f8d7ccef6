// fast-check values from a route's zod schema: valid-looking inputs (via
// z.toJSONSchema and a small JSON-Schema → arbitrary walker covering the shapes
// our routes use) and single mutations of them that must be rejected.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The JSON Schema of a zod schema as the route reads it (input side), or undefined. */
export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export function arbitraryOf(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.anything({ maxDepth: 1 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => arbitraryOf(a, depth + 1)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      if (s.format === 'date')
        return fc.date({ noInvalidDate: true, min: new Date('1990-01-01'), max: new Date('2040-01-01') }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'email') return fc.emailAddress();
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (s.pattern) {
        try {
          return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 1e6));
        } catch {
          /* a pattern fast-check cannot invert: fall through to plain strings */
        }
      }
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40), unit: 'grapheme' });
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
      const [lo, hi] = [Math.max(min, -1e9), Math.min(max, 1e9)];
      return type === 'integer' ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p) => arbitraryOf(p, depth + 1)));
      const item = s.items ? arbitraryOf(s.items, depth + 1) : fc.anything({ maxDepth: 1 });
      return fc.array(item, { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const rec: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) rec[k] = arbitraryOf(v, depth + 1);
      return fc.record(rec, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

export type Mutation = { kind: 'valid' | 'unknownField' | 'dropRequired' | 'wrongType' | 'nasty'; value: unknown };

const NASTY_VALUES: unknown[] = [
  null,
  '',
  ' ',
  'x'.repeat(100_000),
  -1,
  0,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  1.5,
  [],
  {},
  [null],
  Array.from({ length: 10_000 }, (_, i) => i),
  '1;DROP TABLE users;--',
  "' OR '1'='1",
  '../../etc/passwd',
  '\u0000',
  '%00',
  '<script>alert(1)</script>',
  'NaN',
  'Infinity',
  true,
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"admin":true}}}'),
];

/** A valid-looking value, or one mutation of it that a strict schema must reject. */
export function mutatedArbitrary(s: JsonSchema | undefined): fc.Arbitrary<Mutation> {
  const base = arbitraryOf(s);
  const isObject = s?.type === 'object';
  const required = s?.required ?? [];
  const props = Object.keys(s?.properties ?? {});
  const options: fc.Arbitrary<Mutation>[] = [base.map((value) => ({ kind: 'valid' as const, value }))];
  if (isObject) {
    options.push(
      fc
        .tuple(base, fc.constantFrom('admin', 'role', 'zz_unknown', 'client_id', 'isAdmin'))
        .map(([v, k]) => ({ kind: 'unknownField' as const, value: { ...(v as object), [k]: true } })),
    );
    if (required.length)
      options.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([v, k]) => {
          const copy = { ...(v as Record<string, unknown>) };
          delete copy[k];
          return { kind: 'dropRequired' as const, value: copy };
        }),
      );
    if (props.length)
      options.push(
        fc
          .tuple(base, fc.constantFrom(...props), fc.constantFrom(...NASTY_VALUES))
          .map(([v, k, bad]) => ({ kind: 'nasty' as const, value: { ...(v as object), [k]: bad } })),
      );
  }
  options.push(fc.constantFrom<unknown>(null, [], 'text', 42, true, [{}]).map((value) => ({ kind: 'wrongType' as const, value })));
  return fc.oneof(...options);
}
