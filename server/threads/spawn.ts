// Starts a worker thread from a TypeScript entry. Node 20 does not apply the
// `--import tsx` hooks of the parent inside workers (and vitest's transform
// never reaches them), so the worker registers tsx itself before importing.
import { Worker, type WorkerOptions } from 'node:worker_threads';

export function spawnTsWorker(entry: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const href = JSON.stringify(entry.href);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${href}); }).catch((e) => { console.error(e); process.exit(1); })`;
  return new Worker(boot, { ...options, eval: true });
}
