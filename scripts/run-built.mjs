#!/usr/bin/env node
// `node scripts/run-built.mjs <entry> [args…]`: an API entry point (`worker`, `migrate-cli`, …; see
// server-build.mjs) from the JavaScript build, rebuilt first when a source changed since the last build.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, builtEntry } from './server-build.mjs';

const [entry] = process.argv.splice(2, 1);
if (!entry) {
  console.error('usage: node scripts/run-built.mjs <entry> [args…]');
  process.exit(2);
}
await buildServerIfStale();
await import(pathToFileURL(builtEntry(entry)).href);
