// Percentiles by selection (Floyd–Rivest), O(n) on average instead of a full sort.

/** Rearranges a[left..right] so that a[k] is the k-th smallest. */
export function floydRivestSelect(a: Float64Array | Float32Array, k: number, left = 0, right = a.length - 1): void {
  while (right > left) {
    if (right - left > 600) {
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      const newLeft = Math.max(left, Math.floor(k - (m * s) / n + sd));
      const newRight = Math.min(right, Math.floor(k + ((n - m) * s) / n + sd));
      floydRivestSelect(a, k, newLeft, newRight);
    }
    const t = a[k];
    let i = left;
    let j = right;
    swap(a, left, k);
    if (a[right] > t) swap(a, left, right);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while (a[i] < t) i++;
      while (a[j] > t) j--;
    }
    if (a[left] === t) swap(a, left, j);
    else {
      j++;
      swap(a, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swap(a: Float64Array | Float32Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * Linear-interpolation percentile (the "R-7"/Excel PERCENTILE.INC rule) of
 * a[0..n), p in [0, 1]. Reorders `a`. NaN when n is 0.
 */
export function percentileInPlace(a: Float64Array | Float32Array, p: number, n = a.length): number {
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  floydRivestSelect(a, lo, 0, n - 1);
  const base = a[lo];
  if (lo + 1 >= n || h === lo) return base;
  let next = Infinity; // smallest value right of lo (selection leaves them ≥ a[lo])
  for (let i = lo + 1; i < n; i++) if (a[i] < next) next = a[i];
  return base + (h - lo) * (next - base);
}

/** Both percentiles over the first n values; reorders `a`. The second selection only scans the upper part. */
export function percentilePair(a: Float64Array, pLow: number, pHigh: number, n = a.length): [number, number] {
  if (n === 0) return [NaN, NaN];
  const hi = percentileInPlace(a, pHigh, n);
  const hHigh = Math.floor((n - 1) * pHigh);
  // after selecting hHigh, everything left of it is ≤ a[hHigh]: select low there
  const hLow = (n - 1) * pLow;
  const loIdx = Math.floor(hLow);
  if (loIdx + 1 <= hHigh) {
    floydRivestSelect(a, loIdx, 0, hHigh);
    let next = a[hHigh];
    for (let i = loIdx + 1; i < hHigh; i++) if (a[i] < next) next = a[i];
    const base = a[loIdx];
    return [hLow === loIdx ? base : base + (hLow - loIdx) * (next - base), hi];
  }
  return [percentileInPlace(a, pLow, n), hi];
}
