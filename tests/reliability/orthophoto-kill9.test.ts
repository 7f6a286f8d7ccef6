// kill -9 mid-tiling (issue 37): the real server on a temp DATA_DIR (PGlite) with a photo in use, a
// replacement being tiled, killed. After the restart the survey still serves its previous photo (never a
// half-made one), the replacement is tiled again from its kept upload, then swapped in; no folder is left over.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from '../support/accounts';
import { quadrantSpec } from '../support/orthophoto';
import { writeGeoTiff } from '../../server/orthophoto/geotiff-write';
import { kill9, login, startServer } from './processes';

const dir = mkdtempSync(path.join(tmpdir(), 'ortho-kill9-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Status {
  status: string;
  version: string;
  progress: number;
  pending?: { status: string; version: string; progress: number };
}

describe('orthophoto: kill -9 while tiling', () => {
  it('keeps the previous photo served, and tiles the interrupted upload again after the restart', { timeout: 300_000 }, async () => {
    const env = { DATA_DIR: path.join(dir, 'data') };
    let server = await startServer(env);
    let token = await login(server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    const headers = () => ({ authorization: `Bearer ${token}` });
    const projects = (await (await fetch(`${server.url}/api/admin/projects`, { headers: headers() })).json()) as {
      projects: { project_id: number; name: string }[];
    };
    const id = projects.projects.find((p) => p.name === 'Olive East – autumn')!.project_id;
    const status = async () => (await (await fetch(`${server.url}/api/projects/${id}/orthophoto`, { headers: headers() })).json()) as Status;
    const put = async (file: string, accept?: string) =>
      fetch(`${server.url}/api/admin/projects/${id}/orthophoto`, {
        method: 'PUT',
        headers: { ...headers(), 'content-type': 'image/tiff', ...(accept ? { accept } : {}) },
        body: readFileSync(file),
      });

    // The photo in use: small and quick.
    const small = path.join(dir, 'small.tif');
    await writeGeoTiff(small, quadrantSpec({ epsg: 32636, lon: 34.81, lat: 30.905, pixel: 0.2, width: 400, height: 300 }));
    expect((await (await put(small, 'application/x-ndjson')).text()).trim().split('\n').at(-1)).toMatch(/"status":200/);
    const first = await status();
    expect(first.status).toBe('ready');

    // The replacement: 36 MP at 3 cm, several seconds of tiling.
    const big = path.join(dir, 'big.tif');
    await writeGeoTiff(big, quadrantSpec({ epsg: 32636, lon: 34.81, lat: 30.905, pixel: 0.03, width: 6000, height: 6000 }));
    expect((await put(big)).status).toBe(202);
    await expect.poll(async () => (await status()).pending?.progress ?? 0, { timeout: 120_000, interval: 100 }).toBeGreaterThan(0.1);
    const pending = (await status()).pending!;
    expect(pending.progress).toBeLessThan(1);
    await kill9(server);

    // Restart: the previous photo is served, the replacement is tiled again, then swapped in.
    server = await startServer(env);
    token = await login(server.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    expect(server.output()).toMatch(/tiling again after an interruption/);
    const after = await status();
    expect(after.status).toBe('ready');
    expect(after.version).toBe(first.version);
    const tile = await fetch(`${server.url}/api/projects/${id}/orthophoto/0/0/0.webp?v=${first.version}`, { headers: headers() });
    expect(tile.status).toBe(204);
    await expect.poll(async () => (await status()).version, { timeout: 240_000, interval: 500 }).toBe(pending.version);
    expect((await status()).pending).toBeUndefined();
    expect(readdirSync(path.join(dir, 'data', 'orthophotos', String(id)))).toEqual([pending.version]);
    expect(readdirSync(path.join(dir, 'data', 'orthophotos', String(id), pending.version))).toEqual(['tiles']);
    await server.stop();
  });
});
