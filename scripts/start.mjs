#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources changed since the last build, then run
// the built API server (which migrates, seeds once and serves the web app) in this process.
// A first start does its three long parts side by side (docs/benchmarks.md, "Server start"): Vite builds the
// web app in its own process while esbuild builds the server, then the database is created, migrated and
// seeded by `seed-cli` in another process while Vite goes on. The server starts once the web app is built
// (it serves it) and finds its database prepared. A restart builds nothing and runs the server at once.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, builtEntry } from './server-build.mjs';
import { startWebBuildIfStale } from './web-build.mjs';

/** Runs a built entry point in its own process; answers its exit status. */
function runBuilt(name) {
  const child = spawn(process.execPath, [builtEntry(name)], { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const webBuild = startWebBuildIfStale();
await buildServerIfStale();
if (webBuild) {
  const statuses = await Promise.all([webBuild, runBuilt('seed-cli')]);
  const failed = statuses.find((status) => status !== 0);
  if (failed !== undefined) process.exit(failed);
}
await import(pathToFileURL(builtEntry('server')).href);
