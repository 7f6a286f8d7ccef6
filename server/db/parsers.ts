// Both engines read values the same way: bigint and numeric as numbers (counts
// and areas fit in a double), date as its 'YYYY-MM-DD' text.
export const PARSERS: Record<number, (v: string) => unknown> = {
  20: (v) => Number(v),
  1700: (v) => Number(v),
  1082: (v) => v,
};
