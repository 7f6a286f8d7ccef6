// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The outbox's transport (transport.ts): one Content-Type per request. A photo chunk names its type in lower case
// ('content-type': image/jpeg); a second default header once made the browser send "image/jpeg,
// application/octet-stream", which the server refused with 415 (found by tests/browser/scouting-offline.test.ts).
vi.mock('../api/access-token', () => ({ getAccessToken: async () => 'tok', refreshAccessToken: async () => 'tok2' }));
const { browserTransport } = await import('./transport');

const sent: Headers[] = [];
afterEach(() => {
  sent.length = 0;
  vi.unstubAllGlobals();
});
const stubFetch = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return new Response('{}', { status: 200 });
    }),
  );

describe('browserTransport headers', () => {
  it('sends a photo chunk with its own type only, and the token', async () => {
    stubFetch();
    const body = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await browserTransport({ method: 'PUT', path: '/api/records/r/photos/p', headers: { 'content-type': 'image/jpeg', 'content-range': 'bytes 0-2/3' }, body });
    expect(sent[0].get('content-type')).toBe('image/jpeg');
    expect(sent[0].get('authorization')).toBe('Bearer tok');
  });

  it('sends JSON as JSON, and an untyped body as octet-stream', async () => {
    stubFetch();
    await browserTransport({ method: 'PUT', path: '/api/x', body: '{}' });
    await browserTransport({ method: 'PUT', path: '/api/x', body: new Blob([new Uint8Array([1])]) });
    expect(sent.map((h) => h.get('content-type'))).toEqual(['application/json', 'application/octet-stream']);
  });
});
