/** The BOM centre's forms: as many columns as fit, one on a phone. */
export const FORM_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
  columnGap: 16,
} as const;
