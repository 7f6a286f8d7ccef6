// Dictionary encoding of text columns: one code per tree, one string per distinct value.
import type { StringColumn } from './types';

export class DictionaryBuilder {
  private readonly index = new Map<string, number>([['', 0]]);
  readonly dict: string[] = [''];
  private codes: Uint32Array;
  private n = 0;

  constructor(capacity: number) {
    this.codes = new Uint32Array(Math.max(1, capacity));
  }

  /** Appends a value ('' for no value) and returns its code. */
  push(value: string): number {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.dict.length;
      this.dict.push(value);
      this.index.set(value, code);
    }
    this.pushCode(code);
    return code;
  }

  private readonly numIndex = new Map<number, number>();

  /** Appends a raw property value: numbers are looked up without building their text. */
  pushRaw(raw: unknown): number {
    if (typeof raw === 'number') {
      let code = this.numIndex.get(raw);
      if (code === undefined) {
        code = this.push(Number.isFinite(raw) ? String(raw) : '');
        this.numIndex.set(raw, code);
        return code;
      }
      this.pushCode(code);
      return code;
    }
    if (raw === null || raw === undefined) {
      this.pushCode(0);
      return 0;
    }
    return this.push(typeof raw === 'string' ? raw : String(raw));
  }

  /** Appends a code returned earlier by push (skips the lookup for repeated values). */
  pushCode(code: number): void {
    if (this.n === this.codes.length) {
      const grown = new Uint32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[this.n++] = code;
  }

  /** Narrows to Uint16 codes when the dictionary is small (the usual case). */
  finish(): StringColumn {
    return { codes: narrowCodes(this.codes.subarray(0, this.n), this.dict.length), dict: this.dict };
  }
}

/** Smallest code type for the dictionary size: 1 byte per tree for crops, labels, dates. */
const codesCtor = (dictSize: number) => (dictSize <= 0x100 ? Uint8Array : dictSize <= 0x10000 ? Uint16Array : Uint32Array);

export function narrowCodes(codes: StringColumn['codes'], dictSize: number): StringColumn['codes'] {
  const Ctor = codesCtor(dictSize);
  return codes instanceof Ctor ? codes : Ctor.from(codes);
}

/** `n` codes of zero in the narrowest array a dictionary of `dictSize` words needs. */
export function emptyCodes(n: number, dictSize: number): StringColumn['codes'] {
  return new (codesCtor(dictSize))(n);
}

export function textAt(col: StringColumn, i: number): string {
  return col.dict[col.codes[i]];
}

export function emptyStringColumn(length: number): StringColumn {
  return { codes: new Uint8Array(length), dict: [''] };
}

/** Keeps only the rows in `keep` (ascending indices); dictionary is shared. */
export function takeStringColumn(col: StringColumn, keep: Uint32Array): StringColumn {
  const out = new (col.codes.constructor as new (n: number) => StringColumn['codes'])(keep.length);
  for (let i = 0; i < keep.length; i++) out[i] = col.codes[keep[i]];
  return { codes: out, dict: col.dict };
}
