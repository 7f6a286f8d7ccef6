// `npm start` serves the built SPA: build it when dist/ is missing or older
// than the sources, so a fresh clone needs only `npm ci && npm start`.
import { existsSync, statSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';

const newest = (dir) => {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src'), newest('workers'), newest('public'), statSync('index.html').mtimeMs, statSync('vite.config.ts').mtimeMs);
if (built < sources) {
  console.log('Building the web app (vite build)…');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
}
