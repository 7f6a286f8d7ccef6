// What an error says on screen, in the UI's language (README "Server texts in the
// UI's language"). The server sends a stable `code` and its `params` beside its
// English message (src/domain/error-codes.ts); the app words the code from
// common:errors.codes.* with the params: lists and counts in the language's own
// form, entity names and geometry places translated, and in a right-to-left UI every
// name, number or Latin run isolated (U+2068…U+2069, what <bdi> does), so "+2.5" or
// "(zip) Shapefile" never turn around inside Hebrew. A translated code wins, then the
// client.md §8 catalogue for the kind of failure, then the server's own message.
import type { TFunction } from 'i18next';
import i18n from '../i18n';
import { ISSUE_CODES } from '../domain/error-codes';
import { ApiError, type FieldError } from './errors';

/** Kinds whose text is the catalogue's (common:errors.*), whatever the server said. */
const CATALOGUE = new Set(['sessionExpired', 'network', 'unauthorized', 'forbidden', 'server', 'timeout', 'generic', 'invalidJson']);

const FSI = '\u2068',
  PDI = '\u2069';
const rtl = () => i18n.dir(i18n.resolvedLanguage ?? i18n.language) === 'rtl';
/** A name, number or Latin run inside the sentence, isolated in a right-to-left UI. */
export const isolate = (s: string) => (rtl() ? `${FSI}${s}${PDI}` : s);
const lang = () => i18n.resolvedLanguage ?? i18n.language ?? 'en';

type Params = Record<string, unknown>;
interface Ring {
  polygon: number | null;
  hole: number;
}
const isRing = (v: unknown): v is Ring => !!v && typeof v === 'object' && 'hole' in v;
const isCounts = (v: unknown): v is Record<string, number> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && !isRing(v) && Object.values(v).every((x) => typeof x === 'number');

function ringText(r: Ring, t: TFunction, withPolygon = true): string {
  const ring = r.hole === 0 ? t('common:errors.places.outer') : t('common:errors.places.hole', { n: r.hole });
  return withPolygon && r.polygon !== null ? t('common:errors.places.inPolygon', { polygon: r.polygon, ring }) : ring;
}

/** The params as the language says them: lists, counts, entity names, places; everything else isolated. */
function worded(params: Params, t: TFunction): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'entity' && typeof v === 'string') {
      const name = t(`common:errors.entities.${v}`, { defaultValue: v });
      out.entity = name;
      out.Entity = name.charAt(0).toUpperCase() + name.slice(1);
    } else if ((k === 'kind' || k === 'where' || k === 'action') && typeof v === 'string') {
      out[k] = t(`common:errors.${k}s.${v}`, { defaultValue: v });
    } else if (k === 'ring' && isRing(v)) out.ring = ringText(v, t);
    else if (k === 'other' && isRing(v)) out.other = ringText(v, t, false);
    else if (k === 'polygon') out.polygon = v === null ? t('common:errors.places.polygon') : t('common:errors.places.polygonN', { n: v });
    else if (k === 'at' && v && typeof v === 'object') {
      const at = v as { position: number | null; ring: Ring | null };
      out.at =
        at.position === null || !at.ring ? t('common:errors.places.point') : t('common:errors.places.position', { n: at.position, ring: ringText(at.ring, t) });
    } else if (Array.isArray(v)) out[k] = new Intl.ListFormat(lang(), { type: 'unit', style: 'short' }).format(v.map((x) => isolate(String(x))));
    else if (isCounts(v)) {
      const items = Object.entries(v).map(([what, count]) => t(`common:errors.counts.${what}`, { count, defaultValue: `${count} ${what}` }));
      out[k] = items.length ? new Intl.ListFormat(lang(), { type: 'conjunction' }).format(items) : t('common:errors.counts.none');
    } else if (typeof v === 'number') out[k] = v;
    else if (v !== null && v !== undefined && typeof v !== 'object') out[k] = isolate(String(v));
  }
  if (params.id !== undefined) out.idPart = ` ${isolate(String(params.id))}`;
  else out.idPart = '';
  return out;
}

/** i18next context: the Hebrew texts agree with the entity, the action or the kind (e.g. not_found_plot). */
const contextOf = (p: Params) => [p.entity, p.action, p.kind].find((x): x is string => typeof x === 'string');

/** One code with its params in the UI's language; '' when this app has no text for the code. */
export function codeText(code: string, given: Params, t: TFunction, items: readonly FieldError[] = []): string {
  const key = `common:errors.codes.${code}`;
  if (!i18n.exists(key)) return '';
  const params = code === 'not_found' && !given.entity ? { ...given, entity: 'resource' } : given;
  const extra = code === 'invalid_input' ? { issues: items.map((i) => issueText(i, t)).join('; ') } : {};
  return t(key, { ...worded(params, t), ...extra, context: contextOf(params), interpolation: { escapeValue: false } });
}

/** The label of a refused field ('' for the body as a whole). */
function fieldLabel(field: string, t: TFunction): string {
  if (!field) return '';
  const last =
    field
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field;
  return t(`common:errors.fields.${last}`, { defaultValue: isolate(field) });
}

/**
 * One entry of an error's list in the UI's language: a code of ours with its params, or a refused field (zod's
 * issue code: the English UI keeps the server's own message for it, the schema's words). `label`: the field's
 * label where the UI already has it (a form field), in place of the API's field name.
 */
export function issueText(item: FieldError, t: TFunction, label?: string): string {
  const p = (item.params ?? {}) as Params;
  if (item.code && !ISSUES.has(item.code)) {
    const text = codeText(item.code, p, t);
    if (!text) return item.message;
    // A geometry problem of a named feature (a boundary import): "North: …".
    return typeof p.name === 'string' && item.code.startsWith('geometry_') ? `${isolate(p.name)}: ${text}` : text;
  }
  // English keeps the schema's own words for a refused field.
  if (!item.code || lang().startsWith('en')) return item.field ? `${item.field}: ${item.message}` : item.message;
  const field = label ?? fieldLabel(item.field, t);
  if (item.code === 'custom' && typeof p.code === 'string') return codeText(p.code, { ...p, field }, t) || item.message;
  const origin = typeof p.origin === 'string' ? p.origin : '';
  let key = `common:errors.issues.${item.code}`;
  if (item.code === 'too_small' && origin === 'string' && p.minimum === 1) key = 'common:errors.issues.required';
  else if ((item.code === 'too_small' || item.code === 'too_big') && origin) key = `${key}_${origin}${p.inclusive === false ? '_exclusive' : ''}`;
  else if (item.code === 'invalid_format' && p.format === 'email') key = `${key}_email`;
  const values = {
    ...worded(p, t),
    field,
    expected: typeof p.expected === 'string' ? t(`common:errors.types.${p.expected}`, { defaultValue: p.expected }) : '',
  };
  const text = t(key, { ...values, defaultValue: '' }) || t(`common:errors.issues.${item.code}`, { ...values, defaultValue: '' });
  return text || t('common:errors.issues.invalid', values);
}
const ISSUES = new Set<string>(ISSUE_CODES);
const SESSION_ENDED = new Set(['auth_required', 'token_invalid']);

export function errorText(e: unknown, t: TFunction): string {
  if (e instanceof ApiError) {
    // client.md §8: an ended session says so in the catalogue's words, whichever check noticed it.
    if (e.serverCode && SESSION_ENDED.has(e.serverCode)) return t('common:errors.sessionExpired');
    if (e.serverCode) {
      const text = codeText(e.serverCode, e.serverParams, t, e.details);
      if (text) return text;
    }
    if (CATALOGUE.has(e.code)) return t(`common:errors.${e.code}`, { defaultValue: e.message });
    return e.message;
  }
  if (e instanceof Error && e.message) return e.message;
  return t('common:errors.generic');
}

/** The lines of an error's list (the rows of a refused import), worded like errorText. */
export const errorItems = (e: unknown, t: TFunction): string[] => (e instanceof ApiError ? e.details.map((d) => issueText(d, t)) : []);
