import type { ImportLine, ImportResult } from '../domain/contracts/survey-import';
import { apiUrl } from './client';
import { errorForStatus } from './errors';
import { getAccessToken, refreshAccessToken } from './access-token';

// Survey-results upload (issue 7). XMLHttpRequest rather than fetch: it
// reports upload progress. The server streams NDJSON progress lines
// ({phase, done, total}) and ends with {phase:'done', status, body}.

export type ImportPhase = 'uploading' | 'parsing' | 'matching' | 'writing' | 'snapshot' | 'done';
export interface ImportProgress {
  phase: ImportPhase;
  done: number;
  total: number;
}
/** The import's answer: src/domain/contracts/survey-import.ts. */
export type { ImportResult } from '../domain/contracts/survey-import';

export function contentTypeFor(file: { name: string; type: string }): string {
  if (/\.(geo)?json$/i.test(file.name) || /json/.test(file.type)) return 'application/geo+json';
  return 'text/csv';
}

export async function importSurveyResults(
  projectId: number,
  file: Blob & { name: string },
  opts: { createUnmatched: boolean; onProgress: (p: ImportProgress) => void; signal?: AbortSignal },
): Promise<ImportResult> {
  // A valid access token before the upload starts (src/api/access-token.ts): a long upload is not sent twice.
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`/admin/projects/${projectId}/import${opts.createUnmatched ? '?create_unmatched=true' : ''}`));
    xhr.setRequestHeader('Content-Type', contentTypeFor(file));
    xhr.setRequestHeader('Accept', 'application/x-ndjson');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    let seen = 0;
    let final: { status: number; body: unknown } | null = null;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n');
      if (end < seen) return;
      for (const line of text.slice(seen, end).split('\n')) {
        if (!line.trim()) continue;
        const msg = JSON.parse(line) as ImportLine;
        if (msg.phase === 'done') final = { status: msg.status ?? 500, body: msg.body };
        else opts.onProgress({ phase: msg.phase, done: msg.done ?? 0, total: msg.total ?? 0 });
      }
      seen = end + 1;
    };
    xhr.upload.onprogress = (e) => opts.onProgress({ phase: 'uploading', done: e.loaded, total: e.lengthComputable ? e.total : file.size });
    xhr.upload.onload = () => opts.onProgress({ phase: 'parsing', done: 0, total: 1 });
    xhr.onprogress = readLines;
    xhr.onerror = () => reject(errorForStatus(0, 'Network error', null));
    xhr.onload = () => {
      if (xhr.status !== 200) {
        // Refused token: renew it (or end the session if the server ended it) for the next try.
        if (xhr.status === 401 && token) void refreshAccessToken(token).catch(() => undefined);
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          /* not JSON */
        }
        return reject(errorForStatus(xhr.status, xhr.statusText, body));
      }
      readLines();
      const f = final as { status: number; body: unknown } | null;
      if (!f) return reject(errorForStatus(500, 'Incomplete response', null));
      opts.onProgress({ phase: 'done', done: 1, total: 1 });
      if (f.status === 200) resolve(f.body as ImportResult);
      else reject(errorForStatus(f.status, '', f.body));
    };
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
