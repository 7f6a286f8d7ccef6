import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { adminQuery, templatePrefix } from '../support/test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its prepared databases (tests/support/test-db.ts preparedDatabase). */
    templateDir: string;
  }
}

/** One folder per run for the prepared-database templates; removed, with PostgreSQL's template databases, at the end. */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'orchard-tpl-'));
  project.provide('templateDir', dir);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (!url) return;
    const { rows } = await adminQuery(url, 'SELECT datname FROM pg_database WHERE datname LIKE $1', [`tpl\\_${templatePrefix(dir)}\\_%`]);
    for (const r of rows as { datname: string }[]) await adminQuery(url, `DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
  };
}
