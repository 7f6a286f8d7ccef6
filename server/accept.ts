// Accept-style request headers (Accept, Accept-Encoding): a list of
// "token;q=…" where q = 0 means "not this one".

/** The header names one of `tokens` (lower case) with q > 0. */
export function accepts(header: string | string[] | undefined, tokens: string[]): boolean {
  const v = Array.isArray(header) ? header.join(',') : (header ?? '');
  return v.split(',').some((part) => {
    const [token, ...params] = part.toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return tokens.includes(token.trim()) && (!q || Number(q.slice(2)) > 0);
  });
}
