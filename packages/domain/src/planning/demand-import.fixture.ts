import { bvbsChecksum } from './bvbs.ts';
import type { ImportContext, SpecOption } from './demand-import.ts';
import type { DemandImportPreview } from './demand-order.schema.ts';

// What the import's tests share: a product's specs and techniques, and BVBS records as writers close them.

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const SPECS: SpecOption[] = [
  { id: uuid(1), grade: 'HRB400E', diameter: 12, unitWeight: 0.888 },
  { id: uuid(2), grade: 'HRB400E', diameter: 25, unitWeight: 3.85 },
  { id: uuid(3), grade: 'HPB300', diameter: 10, unitWeight: 0.617 },
  { id: uuid(4), grade: 'HRB400E', diameter: 10, unitWeight: 0.617 },
  { id: uuid(5), grade: 'B500A', diameter: 12, unitWeight: 0.888 },
  { id: uuid(6), grade: 'IV', diameter: 10, unitWeight: 0.617 },
];
export const CUT = uuid(101);
export const BEND = uuid(102);
export const THREAD = uuid(103);
export const ctx = (locale: ImportContext['locale'] = 'en-US'): ImportContext => ({
  specs: SPECS,
  techniques: [
    { id: CUT, code: 'cut' },
    { id: BEND, code: 'Bend' },
    { id: THREAD, code: 'THREAD' },
  ],
  locale,
});

/** A record as a writer closes it: `C`, its checksum, `@`. */
export const rec = (body: string) => `${body}C${bvbsChecksum(`${body}C`)}@`;
export const bvbs = (...bodies: string[]) => bodies.map(rec).join('\r\n');

export const L_BAR = 'BF2D@HjTower A@r417@ia@pB3-01@l975@n10@e0.866@d12@gHRB400E@s48@v@Gl400@w90@l600@w0@';
export const STRAIGHT = 'BF2D@HjTower B@r@i@p2@l6000@n4@e23.1@d25@gHRB400E@s@v@';

export const problemsOf = (preview: DemandImportPreview, lineNo?: number) =>
  preview.problems.filter((problem) => lineNo === undefined || problem.lineNo === lineNo);
export const codes = (preview: DemandImportPreview, lineNo?: number) => problemsOf(preview, lineNo).map((p) => p.code);
