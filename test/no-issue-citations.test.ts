import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { root } from './helpers/domain-area-names.ts';

// Code says its rule in its own words: an issue number goes stale as soon as the issue closes, and a reader
// cannot follow it from the code. The docs may cite issues; the code, its tests, benches and scripts may not.
const CITATION = /\bissue ?#?\d+/i;
const CODE = /\.(ts|tsx|mjs|js|cjs)$/;

describe('the code', () => {
  it('cites no issue number', () => {
    const files = execFileSync('git', ['ls-files', 'apps', 'packages', 'scripts', 'e2e', 'test'], { cwd: root })
      .toString()
      .split('\n')
      .filter((file) => CODE.test(file) && file !== 'test/no-issue-citations.test.ts');
    const citing = files.flatMap((file) =>
      readFileSync(`${root}${file}`, 'utf8')
        .split('\n')
        .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citing).toEqual([]);
  });
});
