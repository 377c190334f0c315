#!/usr/bin/env node
// `npm run build`: the web app and the server's JavaScript (API, worker, CLIs, cutting package), built now
// whatever their age; `--server` builds the server's alone. `npm start` builds what changed by itself: this
// is for a deployment that builds ahead of its start. `--if-stale` builds only what changed since its last
// build, as `npm start` does (the browser tests build once so, before their servers start).
import { buildServer, buildServerIfStale } from './server-build.mjs';
import { buildWeb, buildWebIfStale } from './web-build.mjs';

const ifStale = process.argv.includes('--if-stale');
if (!process.argv.includes('--server')) {
  const status = ifStale ? buildWebIfStale() : buildWeb();
  if (status !== 0) process.exit(status);
}
await (ifStale ? buildServerIfStale() : buildServer());
