#!/usr/bin/env node
// `npm start`: build the web app when its sources changed since the last build, then run the API
// server (which migrates, seeds once and serves the web app) in a child process that owns the port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

const status = buildWebIfStale();
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
