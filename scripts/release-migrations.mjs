#!/usr/bin/env node
// `npm run db:release`: records the checksum of every migration not yet released (its SQL and its
// snapshot) in apps/api/drizzle/released.json. Released migrations are immutable: a test fails when one
// changes, so a fix to the schema is always a new migration (`npm run db:generate`, or
// `npx drizzle-kit generate --custom` in apps/api for hand-written SQL).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrationChecksums } from './migration-checksums.mjs';

const manifest = fileURLToPath(new URL('../apps/api/drizzle/released.json', import.meta.url));
const released = JSON.parse(readFileSync(manifest, 'utf8'));
const added = [];
for (const [tag, sums] of Object.entries(migrationChecksums())) {
  if (released[tag]) continue;
  released[tag] = sums;
  added.push(tag);
}
writeFileSync(manifest, `${JSON.stringify(released, null, 2)}\n`);
console.log(added.length ? `Released ${added.join(', ')}.` : 'Every migration was already released.');
