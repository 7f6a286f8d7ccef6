import { describe, expect, it } from 'vitest';
import { heartbeatBuffer, heartbeatReader, heartbeatWriter } from './heartbeat';

describe('database heartbeat', () => {
  it('reads a beat as recent until it is older than asked, and a stopped one never', async () => {
    const buf = heartbeatBuffer();
    const within = heartbeatReader(buf);
    const writer = heartbeatWriter(buf);
    expect(within(60_000)).toBe(false); // never beat
    writer.beat();
    expect(within(1_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(within(30)).toBe(false);
    writer.beat();
    writer.stop();
    expect(within(60_000)).toBe(false);
  });
});
