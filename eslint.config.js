import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (architecture.md): the domain is isomorphic; the web bundle never reaches a
// database driver or Node built-ins; nothing imports the apps.
const noAppImports = { group: ['@armature/api', '@armature/web', '**/apps/**'], message: 'Apps are not libraries.' };

// Layers and area slices (docs/architecture.md, "The house"). Area folders are read from disk, so a new
// area is fenced in as soon as it exists.
const root = import.meta.dirname;
const foldersIn = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Inside `parent`, each area reaches another only through that area's `index.ts` (and `open` files:
 * the API's table files, which a foreign key must name directly — drizzle-kit loads table files alone,
 * without the routes an index brings along).
 */
function throughIndexOnly(parent, areas, shared = [], open = []) {
  return areas.map((area) => ({
    target: `${parent}/${area}`,
    from: `${parent}/*/**`,
    except: [
      `**/${parent}/*/index.ts`,
      ...open.map((file) => `**/${parent}/*/${file}`),
      `**/${parent}/${area}/**`,
      ...shared.map((dir) => `**/${parent}/${dir}/**`),
    ],
    message: `An area uses another only through its index.ts.`,
  }));
}

const API = 'apps/api/src';
const API_ASSEMBLY = [`${API}/setup`, `${API}/areas.ts`, `${API}/app.ts`, `${API}/server.ts`, `${API}/worker.ts`];
const apiZones = [
  {
    target: `${API}/core`,
    from: [`${API}/modules`, ...API_ASSEMBLY],
    message: 'The core layer imports no business area and nothing that assembles them.',
  },
  { target: `${API}/modules`, from: API_ASSEMBLY, message: 'Areas do not import what assembles them.' },
  ...throughIndexOnly(`${API}/modules`, foldersIn(`${API}/modules`), [], ['*.table.ts']),
  {
    target: API_ASSEMBLY,
    from: `${API}/modules/*/**`,
    except: [`**/${API}/modules/*/index.ts`],
    message: 'The app reaches an area only through its index.ts.',
  },
];

const DOMAIN = 'packages/domain/src';
const domainAreas = foldersIn(DOMAIN).filter((name) => name !== 'core');
const domainZones = [
  {
    target: `${DOMAIN}/core`,
    from: domainAreas.map((area) => `${DOMAIN}/${area}`),
    message: 'The domain core imports no area.',
  },
  ...throughIndexOnly(DOMAIN, domainAreas, ['core']),
  {
    target: [`${DOMAIN}/core`, ...domainAreas.map((area) => `${DOMAIN}/${area}`)],
    from: [`${DOMAIN}/catalogue.ts`, `${DOMAIN}/catalogue-notifications.ts`],
    message: 'Only the package root imports the catalogue assembled from the areas.',
  },
];

const WEB = 'apps/web/src';
const webFeatures = foldersIn(`${WEB}/features`);
const webZones = [
  {
    target: `${WEB}/lib`,
    from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
    message: 'lib/ imports only the domain and packages.',
  },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Components import only lib/ and the domain.',
  },
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/*/**`,
    except: [`**/${WEB}/components/**`, `**/${WEB}/lib/**`, `**/${WEB}/locales/**`, `**/${WEB}/features/${feature}/**`],
    message: 'A feature imports components/, lib/ and the domain, never another feature or app/.',
  })),
  {
    target: `${WEB}/app`,
    from: `${WEB}/features/*/**`,
    except: [`**/${WEB}/features/*/index.ts`],
    message: 'app/ reaches a feature only through its index.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/api/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      // Follow imports into TypeScript modules (cycles, zones); relative imports name their extension.
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Packages are never part of a cycle of ours: do not parse them.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: root, zones: [...apiZones, ...domainZones, ...webZones] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Use string-literal unions, not enums.' },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'drizzle-orm*', 'pg', 'react*', 'antd'], message: 'The domain is isomorphic.' },
            noAppImports,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'drizzle-orm*', 'pg', '@electric-sql/*', '@armature/cutting'],
              message: 'The web bundle never reaches a database driver or Node built-ins.',
            },
            noAppImports,
          ],
        },
      ],
    },
  },
);
