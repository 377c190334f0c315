import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The layering rules of docs/architecture.md fail the build: each forbidden import below is a lint error.
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });
// The zone probes need only the zone rule; following every import for cycles would take minutes.
const zonesOnly = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

/** Lints `code` as the file `file` (written for the run: the import rules read modules from disk). */
async function ruleErrors(file: string, code: string): Promise<string[]> {
  writeFileSync(`${root}${file}`, code);
  try {
    const [result] = await zonesOnly.lintFiles([`${root}${file}`]);
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  } finally {
    rmSync(`${root}${file}`, { force: true });
  }
}

const restricted = (why: string) => expect.stringMatching(new RegExp(`^import/no-restricted-paths: .*${why}`));

describe('import zones', () => {
  it.each([
    ['apps/api/src/core/http/lint-probe.ts', "export { stockArea } from '../../modules/stock/index.ts';", 'core layer'],
    ['apps/api/src/modules/stock/lint-probe.ts', "export { userRoutes } from '../users/users.routes.ts';", 'index.ts'],
    ['apps/api/src/setup/lint-probe.ts', "export { stockRoutes } from '../modules/stock/stock.routes.ts';", 'index.ts'],
    ['packages/domain/src/core/lint-probe.ts', "export * from '../stock/index.ts';", 'core imports no area'],
    ['packages/domain/src/stock/lint-probe.ts', "export * from '../catalogue.ts';", 'catalogue'],
    ['apps/web/src/lib/lint-probe.ts', "export * from '../components/resource/list-page.tsx';", 'lib/'],
    ['apps/web/src/components/lint-probe.ts', "export * from '../app/router.tsx';", 'Components'],
    ['apps/web/src/features/stock/lint-probe.ts', "export * from '../users/index.ts';", 'never another feature'],
  ])('%s: %s is refused', async (file, code, why) => {
    expect(await ruleErrors(file, `${code}\n`)).toEqual([restricted(why)]);
  });

  it.each([
    ['apps/api/src/modules/stock/lint-probe.ts', "export { usersArea } from '../users/index.ts';"],
    ['apps/api/src/modules/stock/lint-probe.ts', "export { AppError } from '../../core/http/app-error.ts';"],
    ['apps/web/src/features/stock/lint-probe.ts', "export * from '../../lib/api-client.ts';"],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await ruleErrors(file, `${code}\n`)).toEqual([]);
  });
});

describe('import cycles', () => {
  const dir = 'packages/domain/src/core/lint-cycle-probe';
  mkdirSync(`${root}${dir}`, { recursive: true });
  afterAll(() => rmSync(`${root}${dir}`, { recursive: true, force: true }));

  it('two modules importing each other fail lint', async () => {
    writeFileSync(`${root}${dir}/a.ts`, "import { b } from './b.ts';\nexport const a = () => b;\n");
    writeFileSync(`${root}${dir}/b.ts`, "import { a } from './a.ts';\nexport const b = () => a;\n");
    const [result] = await eslint.lintFiles([`${root}${dir}/a.ts`]);
    expect(result?.messages.map((message) => message.ruleId)).toEqual(['import/no-cycle']);
  });
});
