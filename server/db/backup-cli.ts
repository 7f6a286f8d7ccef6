import path from 'node:path';
import { loadConfig } from '../config';
import { backupDataDir, restoreDataDir } from './backup';

// npm run db:backup [-- file]            → backups/orchard-<timestamp>.tar.gz of DATA_DIR
// npm run db:restore -- file [target]    → unpacks into target (default DATA_DIR), which must be empty
const [command, fileArg, targetArg] = process.argv.slice(2);

async function main() {
  const config = loadConfig();
  if (config.DATABASE_URL)
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc "$DATABASE_URL" > orchard.dump (restore with pg_restore).');
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = fileArg ?? path.join('backups', `orchard-${stamp}.tar.gz`);
    const s = await backupDataDir(config.dataDir, file);
    console.log(
      `Backed up ${config.dataDir} → ${s.file} (${(s.bytes / 1e6).toFixed(1)} MB, ${s.users} users, ${s.trees} trees) in ${(s.ms / 1000).toFixed(1)} s`,
    );
  } else if (command === 'restore') {
    if (!fileArg) throw new Error('Usage: npm run db:restore -- <backup file> [target folder]');
    const target = path.resolve(targetArg ?? config.dataDir);
    const s = await restoreDataDir(fileArg, target);
    console.log(`Restored ${fileArg} → ${target} (${s.users} users, ${s.trees} trees) in ${(s.ms / 1000).toFixed(1)} s`);
  } else {
    throw new Error('Usage: backup-cli.ts backup [file] | restore <file> [target]');
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
