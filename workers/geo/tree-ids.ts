// Tree id column with duplicate detection that needs no per-tree Set entry in
// the common case (dense non-negative integer ids → a growable bitmap).
import { DictionaryBuilder, narrowCodes } from './dictionary';
import type { IdColumn } from './types';

const BITMAP_LIMIT = 1 << 27; // ids up to 134M use a 16 MB bitmap at most

/** Canonical integer form of an id, or null when it is text or out of int32 range. */
export function intId(id: string | number): number | null {
  if (typeof id === 'number') return Number.isInteger(id) && id >= -0x80000000 && id <= 0x7fffffff ? id : null;
  if (!/^-?\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return String(n) === id && n >= -0x80000000 && n <= 0x7fffffff ? n : null;
}

export class TreeIdBuilder {
  private ints: Int32Array;
  private text: DictionaryBuilder | null = null;
  private n = 0;
  private bitmap = new Uint8Array(1 << 14);
  private readonly seenOther = new Set<string | number>();
  private readonly missing: number[] = [];
  private readonly dupSet = new Set<string>();

  constructor(capacity: number) {
    this.ints = new Int32Array(Math.max(1, capacity));
  }

  get duplicates(): string[] {
    return [...this.dupSet];
  }

  get generatedCount(): number {
    return this.missing.length;
  }

  /** Returns false (and records the duplicate) when the id was already seen. */
  add(id: string | number | ''): boolean {
    if (id === '') {
      this.append(null, '');
      this.missing.push(this.n - 1);
      return true;
    }
    const asInt = intId(id);
    if (!this.markSeen(asInt ?? String(id))) {
      this.dupSet.add(String(id));
      return false;
    }
    this.append(asInt, String(id));
    return true;
  }

  private markSeen(key: string | number): boolean {
    if (typeof key === 'number' && key >= 0 && key < BITMAP_LIMIT) {
      const byte = key >>> 3;
      if (byte >= this.bitmap.length) {
        const grown = new Uint8Array(Math.min(BITMAP_LIMIT >>> 3, Math.max(byte + 1, this.bitmap.length * 2)));
        grown.set(this.bitmap);
        this.bitmap = grown;
      }
      const bit = 1 << (key & 7);
      if (this.bitmap[byte] & bit) return false;
      this.bitmap[byte] |= bit;
      return true;
    }
    if (this.seenOther.has(key)) return false;
    this.seenOther.add(key);
    return true;
  }

  private append(asInt: number | null, text: string): void {
    if (asInt === null && text !== '' && !this.text) this.switchToText();
    if (this.text) {
      this.text.push(text);
      this.n++;
      return;
    }
    if (this.n === this.ints.length) {
      const grown = new Int32Array(this.ints.length * 2);
      grown.set(this.ints);
      this.ints = grown;
    }
    this.ints[this.n++] = asInt ?? 0;
  }

  private switchToText(): void {
    const missing = new Set(this.missing);
    this.text = new DictionaryBuilder(this.ints.length);
    for (let i = 0; i < this.n; i++) this.text.push(missing.has(i) ? '' : String(this.ints[i]));
  }

  /** Fills generated ids (negative integers, or `tree_gen{n}` text) and returns the column. */
  finish(): IdColumn {
    if (!this.text) {
      let next = -1;
      for (const row of this.missing) {
        while (!this.markSeen(next)) next--;
        this.ints[row] = next--;
      }
      return { kind: 'int', values: this.ints.slice(0, this.n) };
    }
    let col = this.text.finish();
    col = { codes: narrowCodes(col.codes, col.dict.length + this.missing.length), dict: col.dict };
    let g = 0;
    for (const row of this.missing) {
      let id = `tree_gen${g++}`;
      while (!this.markSeen(id)) id = `tree_gen${g++}`;
      col.codes[row] = col.dict.length;
      col.dict.push(id);
    }
    return { kind: 'text', values: col };
  }
}

export function idAt(ids: IdColumn, i: number): string | number {
  return ids.kind === 'int' ? ids.values[i] : ids.values.dict[ids.values.codes[i]];
}
