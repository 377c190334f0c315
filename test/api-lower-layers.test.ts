import { describe, expect, it } from 'vitest';
import { namingAnArea, root, sourcesIn } from './helpers/domain-area-names.ts';

// The API's core knows no business area (docs/architecture.md, "The house"): lint keeps it from
// importing a module, and this test from naming what a domain area exports — each area registers its
// own tables, notification kinds and screens with the assembly instead.
const API = `${root}apps/api/src`;

/**
 * What the core names today although an area owns it, and why it stays there: the tenancy is built
 * on master data's clients and products (their tables, a plant's time zone for document codes), sign-in
 * on the account's token and users' admin role, and the documents' limits and cells are the imports'
 * and labels' contracts.
 */
const KNOWN: Record<string, string[]> = {
  'core/auth/principal.ts': ['ADMIN_ROLE'],
  'core/auth/refresh-tokens.ts': ['TokenResponse'],
  'core/crud/resources.table.ts': ['clientResource', 'productResource'],
  'core/db/document-code.ts': ['DEFAULT_TIME_ZONE'],
  'core/documents/labels.ts': ['MAX_BVBS_BYTES'],
  'core/documents/sheet-import.ts': ['ImportFormat', 'MAX_DEMAND_LINES', 'SheetCell'],
  'core/documents/workbook.ts': ['SheetCell'],
  'core/documents/xlsx-rows.ts': ['SheetCell'],
  'core/tenancy/tenancy.ts': ['UserProduct'],
};

describe("the API's core", () => {
  it('names no business area beyond the known ones (a fixed one leaves the list)', () => {
    const core = sourcesIn(`${API}/core`).map((file) => `core/${file}`);
    expect(namingAnArea(API, core)).toEqual(KNOWN);
  });
});
