// Issue 34: no module-level mutable state in server/. What an app keeps for its database (caches, queues, job
// thread, folders) hangs on the Db (server/db/services.ts) and closes with the app; a module-level `let` or a
// top-level Map, Set, WeakMap or LRU would be shared by every app in the process and outlive them. This scans
// every server file's top-level statements with the TypeScript parser.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** Files that are a thread's own program (or its runtime's): their top level is that one thread's state. */
const THREAD_PROGRAMS: Record<string, string> = {
  'server/db/pglite-worker.ts': 'the embedded database thread: its PGlite, transactions and recycling',
  'server/jobs/job-thread.ts': 'the job thread: its running count and progress acknowledgements',
  'server/threads/collect.ts': "the calling thread's garbage collector and what it held after the last collection",
  'server/auth/password.ts': 'one dummy password hash, made on first use and never changed (timing-safe unknown emails)',
};
const CONTAINERS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'LRUCache']);

function serverFiles(dir = 'server'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The module-level mutable state of one file: `let`/`var` bindings and containers not typed read-only. */
function moduleState(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const list = st.declarationList;
    const mutable = (list.flags & (ts.NodeFlags.Let | ts.NodeFlags.Const)) !== ts.NodeFlags.Const;
    for (const d of list.declarations) {
      const name = d.name.getText(source);
      const line = source.getLineAndCharacterOfPosition(d.getStart(source)).line + 1;
      const readOnlyType = d.type && /^Readonly(Set|Map)\b/.test(d.type.getText(source));
      const init = d.initializer;
      const container = init && ts.isNewExpression(init) && CONTAINERS.has(init.expression.getText(source));
      if (mutable) found.push(`${file}:${line} let ${name}`);
      else if (container && !readOnlyType) found.push(`${file}:${line} ${name} = new ${(init as ts.NewExpression).expression.getText(source)}`);
    }
  }
  return found;
}

describe('module-level state in server/', () => {
  const files = serverFiles();

  it('the scan sees what it looks for (a let, a Map, a cache; not a read-only Set or a function)', () => {
    const sample = `let n = 0;\nconst cache = new Map();\nconst lru = new LRUCache({ max: 1 });\nconst KNOWN: ReadonlySet<string> = new Set(['a']);\nconst f = () => new Map();\nfunction g() { let x = 1; return x; }`;
    expect(moduleState('x.ts', sample)).toEqual(['x.ts:1 let n', 'x.ts:2 cache = new Map', 'x.ts:3 lru = new LRUCache']);
  });

  it('has none outside the thread programs: every cache, queue and folder is a service of the database', () => {
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((f) => !(f.split(path.sep).join('/') in THREAD_PROGRAMS)).flatMap((f) => moduleState(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the thread programs named as exceptions still exist (an exception outliving its file is dropped)', () => {
    const known = new Set(files.map((f) => f.split(path.sep).join('/')));
    for (const f of Object.keys(THREAD_PROGRAMS)) expect(known.has(f), f).toBe(true);
  });
});
