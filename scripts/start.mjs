#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources changed since the last build, then run
// the built API server (which migrates, seeds once and serves the web app) in this process.
import { pathToFileURL } from 'node:url';
import { buildServerIfStale, builtEntry } from './server-build.mjs';
import { buildWebIfStale } from './web-build.mjs';

const status = buildWebIfStale();
if (status !== 0) process.exit(status);
await buildServerIfStale();
await import(pathToFileURL(builtEntry('server')).href);
