// Minimal visual ordering for deck.gl text (which lays glyphs left to right):
// a label containing Hebrew/Arabic is drawn right-to-left with runs of
// left-to-right text (digits, Latin) kept in their own order. Enough for names
// like "חלקה 12 צפון"; full UAX #9 is not needed for map labels.
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const LTR_RUN = /[A-Za-z0-9\u00c0-\u024f][A-Za-z0-9\u00c0-\u024f.,:/%-]*/g;

export function hasRtl(s: string): boolean {
  return RTL.test(s);
}

export function visualOrder(s: string): string {
  if (!hasRtl(s)) return s;
  // Protect LTR runs, reverse the whole string, restore the runs unreversed.
  const runs: string[] = [];
  const marked = s.replace(LTR_RUN, (m) => `\ue000${runs.push(m) - 1}\ue001`);
  const tokens = marked.match(/\ue000\d+\ue001|[\s\S]/g) ?? [];
  const mirror: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '<': '>', '>': '<' };
  return tokens
    .reverse()
    .map((t) => (t.startsWith('\ue000') ? runs[Number(t.slice(1, -1))] : (mirror[t] ?? t)))
    .join('');
}
