import { describe, expect, it } from 'vitest';
import { crc32, gunzipSync } from 'node:zlib';
import { text } from 'node:stream/consumers';
import { acceptsGzip, crc32Combine, deflatePart, deflatePartSync, gzipOf, joinParts, textStream } from './gzip-parts';

describe('gzip of parts compressed apart', () => {
  it('combines CRC-32s as one pass over the joined bytes would', () => {
    const a = Buffer.from('{"head":1,');
    const cases = [Buffer.alloc(0), Buffer.from('x'), Buffer.from('"trees":[1,2,3]}'), Buffer.alloc(100_003, 7)];
    for (const b of cases) expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(0, crc32(a), a.length)).toBe(crc32(a)); // the empty start
  });

  it('joins parts into one gzip member that zlib reads back as the whole text', async () => {
    // A big repetitive part (back-references stay inside it) between two small ones, and an empty part.
    const big = JSON.stringify({ tree_id: Array.from({ length: 200_000 }, (_, i) => i), lon: Array.from({ length: 50_000 }, (_, i) => 35 + i / 1e7) });
    const parts = ['{"ok":true,"name":"שדה א","trees":', big, '', ',"end":"✓"}'];
    const deflated = [deflatePartSync(parts[0]), await deflatePart(parts[1]), deflatePartSync(parts[2]), deflatePartSync(parts[3])];
    const gz = Buffer.concat(gzipOf(deflated));
    const text = gunzipSync(gz).toString();
    expect(text).toBe(parts.join(''));
    expect(JSON.parse(text).trees.tree_id[199_999]).toBe(199_999);
    expect(gz.length).toBeLessThan(Buffer.byteLength(text) / 3);
    // The same through the web platform's reader (what a browser's fetch does).
    const web = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
    expect(web).toBe(text);
  });

  it('joins parts into one part: its text, CRC-32 and size are those of the texts in order', async () => {
    const texts = ['"count" : 3, "tree_id" : [', '1, 2', ', 3', '], "breeds" : {}}'];
    const joined = joinParts(await Promise.all(texts.map((x) => deflatePart(x))));
    const whole = Buffer.from(texts.join(''));
    expect(await text(textStream([joined]))).toBe(texts.join(''));
    expect(joined.crc).toBe(crc32(whole));
    expect(joined.size).toBe(whole.length);
    expect(gunzipSync(Buffer.concat(gzipOf([deflatePartSync('{'), joined]))).toString()).toBe(`{${texts.join('')}`);
  });

  it('streams texts and parts as the one text (a client without gzip), a big part in many pieces', async () => {
    expect(await text(textStream(['{"a":', await deflatePart('"ב"'), '}']))).toBe('{"a":"ב"}');
    const big = JSON.stringify(Array.from({ length: 300_000 }, (_, i) => `שורה ${i}`));
    const pieces: Buffer[] = [];
    for await (const piece of textStream(['[', await deflatePart(big), ']'])) pieces.push(piece as Buffer);
    expect(Buffer.concat(pieces).toString()).toBe(`[${big}]`);
    expect(pieces.length).toBeGreaterThan(10);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(64 * 1024);
  });

  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
  });
});
