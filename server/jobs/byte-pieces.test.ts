import { describe, expect, it } from 'vitest';
import { BytePieces } from './byte-pieces';

describe('text sent as UTF-8 pieces of one size', () => {
  it('sends the text whole and in order, no piece over the size, none split inside a character', async () => {
    const sent: Uint8Array[] = [];
    const out = new BytePieces(async (p) => void sent.push(p), 7);
    const texts = ['{"name":"שדה א', '"', '', 'x'.repeat(20), ',"✓":"🌳🌳"}'];
    for (const t of texts) await out.write(t);
    await out.flush();
    await out.flush(); // nothing left: sends nothing
    expect(sent.every((p) => p.length > 0 && p.length <= 7)).toBe(true);
    // Each piece decodes alone (fatal: a split character would throw).
    expect(sent.map((p) => new TextDecoder('utf-8', { fatal: true }).decode(p)).join('')).toBe(texts.join(''));
    expect(sent.reduce((n, p) => n + p.length, 0)).toBe(Buffer.byteLength(texts.join('')));
  });

  it('keeps no reference to its buffer in what it sent (the next text does not change a sent piece)', async () => {
    const sent: Uint8Array[] = [];
    const out = new BytePieces(async (p) => void sent.push(p), 4);
    await out.write('abcdefgh');
    await out.write('ijkl');
    await out.flush();
    expect(sent.map((p) => Buffer.from(p).toString())).toEqual(['abcd', 'efgh', 'ijkl']);
  });

  it('waits for the taker of a full piece before writing on', async () => {
    let release!: () => void;
    const order: string[] = [];
    const out = new BytePieces(
      (p) =>
        new Promise<void>((r) => {
          order.push(`sent ${Buffer.from(p).toString()}`);
          release = r;
        }),
      4,
    );
    expect(out.write('abc')).toBeUndefined(); // fitted: nothing to wait for
    const w = out.write('de');
    expect(w).toBeInstanceOf(Promise);
    void w!.then(() => order.push('written'));
    await new Promise((r) => setTimeout(r, 5));
    expect(order).toEqual(['sent abcd']);
    release();
    await w;
    expect(order).toEqual(['sent abcd', 'written']);
  });

  it('refuses a piece too small for one character', () => {
    expect(() => new BytePieces(async () => undefined, 3)).toThrow(RangeError);
  });
});
