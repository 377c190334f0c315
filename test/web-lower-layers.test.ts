import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The web app's lower layers know no business area (docs/architecture.md, "The house"): lint keeps
// them from importing a feature, and this test from naming what a domain area exports.
const root = fileURLToPath(new URL('..', import.meta.url));
const DOMAIN = `${root}packages/domain/src`;
const WEB = `${root}apps/web/src`;

/** Files of `app/` that place areas (the routes outside the menu, the header's parts) and may name them. */
const APP_ASSEMBLY = ['app/areas.ts', 'app/router.tsx', 'app/layout/'];

/**
 * What lower layers name today although an area owns it, and why it stays there for now: the shell
 * (sign-in, session, product choice, preferences, unread counts) is built on the account and inbox
 * contracts, two shared drawings and a clock on planning's and equipment's rules, and the operator's
 * machine on processing's (the operator page chooses it, "my tasks" lists its queue).
 */
const KNOWN: Record<string, string[]> = {
  'components/bar-shape/bar-shape.tsx': ['drawingPoints'],
  'components/cutting-diagram/cutting-diagram.tsx': ['DiagramSegment'],
  'lib/account.ts': [
    'CurrentUser',
    'LoginInput',
    'SelectionInput',
    'UserProduct',
    'currentUserSchema',
    'tokenResponseSchema',
    'userProductSchema',
  ],
  'lib/operator-machine.ts': ['operatorMachineSchema'],
  'lib/plant-time.ts': ['plantDateTimeOf'],
  'lib/product-choice.ts': ['SelectionInput', 'UserProduct'],
  'lib/session.ts': ['CurrentUser', 'TokenResponse', 'UserProduct'],
  'lib/subject-url.ts': ['NotificationSubject'],
  'lib/theme.ts': ['DEFAULT_USER_PREFERENCES', 'ThemeMode', 'UserPreferences'],
  'lib/token-refresh.ts': ['TokenResponse', 'WEB_CLIENT_ID', 'tokenResponseSchema'],
  'lib/unread-counts.ts': ['unreadCountSchema'],
  'lib/user-preferences.ts': ['UserPreferences', 'UserPreferencesUpdate', 'userPreferencesSchema'],
};

const sourcesIn = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => file.replaceAll('\\', '/'));

const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest);

const exported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a file exports by declaration or `export { … }`. */
function exportedNames(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      return statement.exportClause.elements.map((element) => element.name.text);
    }
    if (!exported(statement)) return [];
    if (ts.isVariableStatement(statement)) {
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    }
    const name = (statement as ts.DeclarationStatement).name;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}

/** Every name a domain area exports, with its area; names the domain core exports too are the core's. */
function areaNames(): Map<string, string> {
  const folders = readdirSync(DOMAIN, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const namesOf = (folder: string) =>
    sourcesIn(`${DOMAIN}/${folder}`).flatMap((file) => exportedNames(parse(`${DOMAIN}/${folder}/${file}`)));
  const core = new Set(namesOf('core'));
  const owners = new Map<string, string>();
  for (const { name: area } of folders.filter((entry) => entry.name !== 'core')) {
    for (const name of namesOf(area)) if (!core.has(name)) owners.set(name, area);
  }
  return owners;
}

/** The names of the domain a file imports or re-exports. */
function domainImports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const from = statement.moduleSpecifier;
    if (!from || !ts.isStringLiteral(from) || from.text !== '@armature/domain') return [];
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) return [];
    return bindings.elements.map((element) => (element.propertyName ?? element.name).text);
  });
}

/** `file: names` for each lower-layer file naming what an area exports. */
function namingAnArea(): Record<string, string[]> {
  const owners = areaNames();
  const lower = ['components', 'lib', 'app']
    .flatMap((layer) => sourcesIn(`${WEB}/${layer}`).map((file) => `${layer}/${file}`))
    .filter((file) => !APP_ASSEMBLY.some((assembly) => file.startsWith(assembly)));
  return Object.fromEntries(
    lower.flatMap((file) => {
      const names = domainImports(parse(`${WEB}/${file}`)).filter((name) => owners.has(name));
      return names.length ? [[file, names.sort()]] : [];
    }),
  );
}

describe("the web app's lower layers", () => {
  it('name no business area beyond the known ones (a fixed one leaves the list)', () => {
    expect(namingAnArea()).toEqual(KNOWN);
  });

  it('see what an area exports', () => {
    const owners = areaNames();
    expect(owners.get('stockKindSchema') ?? owners.get('STOCK_PERMISSIONS')).toBe('stock');
    expect(owners.get('BOM_PERMISSIONS')).toBe('bom');
    expect(owners.has('defineResource')).toBe(false);
  });
});
