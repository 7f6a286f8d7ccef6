// What an error says on screen, in the UI's language. The server sends a
// stable `code` beside its English message; a translated code wins, then the
// client.md §8 catalogue for the kind of failure, then the server's message.
import type { TFunction } from 'i18next';
import { ApiError } from './errors';

/** Kinds whose text is the catalogue's (common:errors.*), whatever the server said. */
const CATALOGUE = new Set(['sessionExpired', 'network', 'unauthorized', 'forbidden', 'server', 'timeout', 'generic', 'invalidJson']);

export function errorText(e: unknown, t: TFunction): string {
  if (e instanceof ApiError) {
    if (e.serverCode) {
      const key = `common:errors.codes.${e.serverCode}`;
      const text = t(key, { defaultValue: '' });
      if (text) return text;
    }
    if (CATALOGUE.has(e.code)) return t(`common:errors.${e.code}`, { defaultValue: e.message });
    return e.message;
  }
  if (e instanceof Error && e.message) return e.message;
  return t('common:errors.generic');
}
