#!/usr/bin/env node
// `npm run build`: the web app and the server's JavaScript (API, worker, CLIs, cutting package), built now
// whatever their age; `--server` builds the server's alone. `npm start` builds what changed by itself: this
// is for a deployment that builds ahead of its start.
import { buildServer } from './server-build.mjs';
import { buildWeb } from './web-build.mjs';

if (!process.argv.includes('--server')) {
  const status = buildWeb();
  if (status !== 0) process.exit(status);
}
await buildServer();
