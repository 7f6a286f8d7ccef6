// `npm start`: builds the SPA when needed (ensure-build.mjs), then runs the
// server with the memory settings of server/memory-env.json (README: memory).
// They are glibc's malloc settings, read when a process starts, so they are
// set here for the server's process; a variable already set wins.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import './ensure-build.mjs';

const memoryEnv = JSON.parse(readFileSync(new URL('../server/memory-env.json', import.meta.url), 'utf8'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { ...memoryEnv, ...process.env } });
// A signal to this process stops the server (it closes its database first; a second signal changes nothing).
// Not on Windows, where kill() ends a process at once: Ctrl-C reaches the server through the console.
if (process.platform !== 'win32') for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
