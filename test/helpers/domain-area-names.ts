import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// What the lower-layer tests share: which names each domain area exports, and which of them a file
// imports from `@armature/domain` or its sub-paths (a lower layer reaches an area through the domain as easily as
// through a folder, and lint fences only the folders).
export const root = fileURLToPath(new URL('../..', import.meta.url));
const DOMAIN = `${root}packages/domain/src`;

/**
 * The lint tests' probes (`lint-rules.test.ts`): files written for a moment at the paths whose rules they check. The
 * house runs its test files side by side, so a scan may list a probe that is gone when it reads it, or read one
 * that names an area on purpose; they are never the product's.
 */
const LINT_PROBE = /(^|\/)(lint-probe\.ts$|lint-cycle-probe\/)/;

/** The TypeScript sources under `dir`, tests and lint probes left out, as paths relative to it. */
export const sourcesIn = (dir: string): string[] =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !LINT_PROBE.test(file));

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
export function areaNames(): Map<string, string> {
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

/** The names of the domain the file at `path` imports or re-exports. */
function domainImports(path: string): string[] {
  return parse(path).statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) return [];
    const from = statement.moduleSpecifier;
    // The package root or one of its sub-paths (`@armature/domain/account`…, package.json `exports`).
    if (!from || !ts.isStringLiteral(from) || !/^@armature\/domain(\/|$)/.test(from.text)) return [];
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) return [];
    return bindings.elements.map((element) => (element.propertyName ?? element.name).text);
  });
}

/** `file: names` for each of `files` (relative to `base`) that imports what a domain area exports. */
export function namingAnArea(base: string, files: readonly string[]): Record<string, string[]> {
  const owners = areaNames();
  return Object.fromEntries(
    files.flatMap((file) => {
      const names = domainImports(`${base}/${file}`).filter((name) => owners.has(name));
      return names.length ? [[file, names.sort()]] : [];
    }),
  );
}
