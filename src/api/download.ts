import { request } from './client';

/** Saves a Blob as a file through a temporary link (the one way every browser allows). */
export function saveBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name of a Content-Disposition header: the UTF-8 form (RFC 6266) when present. */
function fileNameOf(header: string | null, fallback: string): string {
  const h = header ?? '';
  const ext = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(h)?.[1];
  if (ext) {
    try {
      return decodeURIComponent(ext);
    } catch {
      /* malformed: the plain name below */
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(h)?.[1] ?? fallback;
}

/**
 * Downloads an API file with the bearer token (a plain link could not send it);
 * returns the name it was saved as. `body`: a POST whose answer is the file.
 */
export async function downloadFile(path: string, fallback: string, accept = '*/*', body?: object): Promise<string> {
  const res = await request<Response>(body ? 'POST' : 'GET', path, { raw: true, headers: { Accept: accept }, timeoutMs: 10 * 60_000, body });
  const name = fileNameOf(res.headers.get('content-disposition'), fallback);
  saveBlob(name, await res.blob());
  return name;
}
