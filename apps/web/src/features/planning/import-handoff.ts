/**
 * A file chosen with "Import" on the list page, handed to the add page, which previews it. Kept in
 * memory only for that navigation (a reload of the add page opens it empty, as nothing was saved).
 */
let pending: File | undefined;

export function handOffImport(file: File): void {
  pending = file;
}

export function takeImport(): File | undefined {
  const file = pending;
  pending = undefined;
  return file;
}

/** The schedule files an import accepts (the server checks the content, not the name). */
export const IMPORT_ACCEPT = '.xlsx,.csv,.abs,.bvbs,.txt';
