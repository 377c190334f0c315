#!/usr/bin/env node
// `npm run check`: the type check, lint, format check and schema-drift check, side by side. Each is one
// single-threaded process (tsc -b alone is about 150 s of CPU on a cold checkout), so one after the other they kept
// one core of a 2-core machine idle; side by side they take about as long as the longest (docs/testing.md). Each
// one's output is held and printed whole when it ends, so they never interleave; the run fails if any of them does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const checks = ['typecheck', 'lint', 'format:check', 'check:schema'];

function run(script) {
  const started = Date.now();
  const child = spawn('npm', ['run', '-s', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const end = (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`── ${script}: ${status === 0 ? 'ok' : `FAILED (${status})`} in ${seconds} s`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(status);
    };
    child.once('error', () => end(1));
    child.once('exit', (code) => end(code ?? 1));
  });
}

const statuses = await Promise.all(checks.map(run));
process.exit(statuses.some((status) => status !== 0) ? 1 : 0);
