// Download file names that every OS accepts: Hebrew and other letters stay,
// characters Windows, macOS or Linux forbid (and control characters) become
// "-", no trailing dot or space, no reserved DOS device name, ≤ 120 characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export function safeFileName(parts: readonly (string | number | null | undefined)[], ext: string): string {
  let base = parts
    .filter((p) => p !== null && p !== undefined && String(p).trim() !== '')
    .map((p) => String(p).normalize('NFC').replace(FORBIDDEN, '-').replace(/\s+/g, ' ').trim())
    .join('_')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\s-]+|[.\s]+$/g, '');
  if (!base || RESERVED.test(base)) base = `export${base ? `-${base}` : ''}`;
  base = [...base]
    .slice(0, 120)
    .join('')
    .replace(/[.\s]+$/, '');
  return `${base}.${ext}`;
}

/** Only ASCII letters, digits, '-', '_' and '.': the fallback name for old clients. */
export function asciiFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base =
    name
      .slice(0, dot)
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '') || 'export';
  return `${base}${name.slice(dot)}`;
}
