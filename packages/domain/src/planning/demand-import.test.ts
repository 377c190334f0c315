import { describe, expect, it } from 'vitest';
import { bvbsChecksum, parseBvbs } from './bvbs.ts';
import {
  MissingColumnsError,
  bvbsOfOrder,
  completeDemandLine,
  demandLineErrorMessage,
  previewBvbs,
  previewSheet,
  sheetHeader,
  sheetOfOrder,
  type DemandOrderLineValues,
  type ImportContext,
  type SheetCell,
  type SpecOption,
} from './demand-import.ts';
import {
  demandImportPreviewSchema,
  demandOrderLineInputSchema,
  type DemandImportLine,
  type DemandImportPreview,
  type DemandOrderLine,
} from './demand-order.schema.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SPECS: SpecOption[] = [
  { id: uuid(1), grade: 'HRB400E', diameter: 12, unitWeight: 0.888 },
  { id: uuid(2), grade: 'HRB400E', diameter: 25, unitWeight: 3.85 },
  { id: uuid(3), grade: 'HPB300', diameter: 10, unitWeight: 0.617 },
  { id: uuid(4), grade: 'HRB400E', diameter: 10, unitWeight: 0.617 },
  { id: uuid(5), grade: 'B500A', diameter: 12, unitWeight: 0.888 },
  { id: uuid(6), grade: 'IV', diameter: 10, unitWeight: 0.617 },
];
const CUT = uuid(101);
const BEND = uuid(102);
const THREAD = uuid(103);
const ctx = (locale: ImportContext['locale'] = 'en-US'): ImportContext => ({
  specs: SPECS,
  techniques: [
    { id: CUT, code: 'cut' },
    { id: BEND, code: 'Bend' },
    { id: THREAD, code: 'THREAD' },
  ],
  locale,
});

/** A record as a writer closes it: `C`, its checksum, `@`. */
const rec = (body: string) => `${body}C${bvbsChecksum(`${body}C`)}@`;
const bvbs = (...bodies: string[]) => bodies.map(rec).join('\r\n');

const L_BAR = 'BF2D@HjTower A@r417@ia@pB3-01@l975@n10@e0.866@d12@gHRB400E@s48@v@Gl400@w90@l600@w0@';
const STRAIGHT = 'BF2D@HjTower B@r@i@p2@l6000@n4@e23.1@d25@gHRB400E@s@v@';

const problemsOf = (preview: DemandImportPreview, lineNo?: number) =>
  preview.problems.filter((problem) => lineNo === undefined || problem.lineNo === lineNo);
const codes = (preview: DemandImportPreview, lineNo?: number) => problemsOf(preview, lineNo).map((p) => p.code);

describe('previewBvbs', () => {
  it('turns records into lines as they will be saved, with our weight and the techniques the shape needs', () => {
    const preview = previewBvbs(bvbs(L_BAR, STRAIGHT), ctx());
    expect(demandImportPreviewSchema.parse(preview)).toEqual(preview);
    expect(preview.format).toBe('bvbs');
    expect(preview.project).toBe('Tower A');
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toEqual({
      lineNo: 1,
      mark: 'B3-01',
      grade: 'HRB400E',
      diameter: 12,
      rebarId: uuid(1),
      length: 975,
      quantity: 10,
      members: 1,
      barsPerMember: 10,
      weight: 8.658,
      shapeCode: '11',
      geometry: [
        { length: 400, angle: 90 },
        { length: 600, angle: 0 },
      ],
      mandrel: 48,
      techniqueIds: [CUT, BEND],
      piecesPerBundle: null,
      drawing: '417 (a)',
      privateBlock: null,
      remark: null,
    });
    expect(preview.lines[1]).toMatchObject({
      lineNo: 2,
      rebarId: uuid(2),
      length: 6000,
      weight: 92.4,
      shapeCode: '00',
      geometry: [],
      mandrel: null,
      techniqueIds: [CUT],
      drawing: null,
    });
  });

  it('keeps the file line numbers across blank lines and LF line ends', () => {
    const preview = previewBvbs(`\n${rec(L_BAR)}\n\n${rec(STRAIGHT)}\n`, ctx());
    expect(preview.lines.map((line) => line.lineNo)).toEqual([2, 4]);
  });

  it('accepts decimal commas and empty j, r, i fields; an empty grade takes the only spec of the diameter', () => {
    const preview = previewBvbs(bvbs('BF2D@Hj@r@i@p1@l1000,0@n2@e3,850@d25@g@s@v@'), ctx());
    expect(preview.project).toBeNull();
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject({ rebarId: uuid(2), length: 1000, grade: '', weight: 7.7 });
  });

  it('takes the developed length of a bent bar the file gives no length for, and the default mandrel', () => {
    const preview = previewBvbs(bvbs('BF2D@Hj@r@i@p1@l@n2@e@d12@gHRB400E@s@v@Gl400@w90@l600@w0@'), ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject({ length: 975, mandrel: 48, weight: 1.732 });
  });

  it('matches grades whatever their case, spaces and hyphens', () => {
    const preview = previewBvbs(bvbs(L_BAR.replace('gHRB400E', 'ghrb 400-e')), ctx());
    expect(preview.lines[0]?.rebarId).toBe(uuid(1));
  });

  it('prefers a shape code found in the private block, and keeps the block', () => {
    const preview = previewBvbs(bvbs(`${L_BAR}PnREBAR@hYM@`), ctx());
    expect(preview.lines[0]).toMatchObject({ shapeCode: 'YM', privateBlock: 'PnREBAR@hYM@' });
  });

  it('adds THREAD for a coupler block, and skips techniques the product lacks', () => {
    const threaded = 'BF2D@Hj@r@i@p1@l350@n1@e0.311@d12@gB500A@s48@v@Gl150@w90@l200@w0@MaAncon@bTTS@c2@n@o@p@';
    expect(previewBvbs(bvbs(threaded), ctx()).lines[0]?.techniqueIds).toEqual([CUT, BEND, THREAD]);
    const without = { ...ctx(), techniques: [{ id: CUT, code: 'CUT' }] };
    expect(previewBvbs(bvbs(threaded), without).lines[0]?.techniqueIds).toEqual([CUT]);
  });

  describe('problems', () => {
    it('checksum_mismatch names the expected value', () => {
      const line = rec(L_BAR).replace(/C\d+@$/, 'C99@');
      const preview = previewBvbs(line, ctx());
      expect(problemsOf(preview)).toEqual([
        {
          lineNo: 1,
          field: 'record',
          severity: 'error',
          code: 'checksum_mismatch',
          message: `Checksum mismatch: the record says 99, it should be ${bvbsChecksum(`${L_BAR}C`)}`,
        },
      ]);
      expect(preview.lines).toHaveLength(1);
    });

    it('checksum_mismatch for a record without a checksum block', () => {
      expect(codes(previewBvbs(L_BAR, ctx()))).toEqual(['checksum_mismatch']);
    });

    it('unknown_spec names the specs of that diameter, or none', () => {
      const preview = previewBvbs(bvbs(L_BAR.replace('gHRB400E', 'gHRB500'), L_BAR.replace('d12', 'd14')), ctx());
      expect(problemsOf(preview, 1)[0]).toMatchObject({ field: 'grade', code: 'unknown_spec', severity: 'error' });
      expect(problemsOf(preview, 1)[0]?.message).toBe(
        'This product has no spec HRB500 Φ12; the specs for diameter 12 are: HRB400E Φ12, B500A Φ12',
      );
      expect(problemsOf(preview, 2)[0]?.message).toContain('are: none');
      expect(preview.lines[0]?.rebarId).toBeNull();
      expect(preview.lines[0]?.weight).toBeNull();
    });

    it('unknown_spec for an empty grade when the diameter has several specs', () => {
      expect(codes(previewBvbs(bvbs(L_BAR.replace('gHRB400E', 'g')), ctx()))).toEqual(['unknown_spec']);
    });

    it.each([
      ['a zero length', 'l975', 'l0', 'length'],
      ['a negative length', 'l975', 'l-5', 'length'],
      ['a length that is not a number', 'l975', 'l9x5', 'length'],
      ['a length beyond 18 m', 'l975', 'l500000', 'length'],
      ['a zero count', 'n10', 'n0', 'quantity'],
      ['a count that is not whole', 'n10', 'n2.5', 'quantity'],
      ['a diameter that is not a number', 'd12', 'dxx', 'diameter'],
      ['a negative mandrel', 's48', 's-4', 'mandrel'],
      ['a leg that is not a number', 'Gl400', 'Glabc', 'geometry'],
    ])('invalid_value for %s', (_name, from, to, field) => {
      const preview = previewBvbs(bvbs(L_BAR.replace(from, to)), ctx());
      expect(problemsOf(preview)).toContainEqual(
        expect.objectContaining({ lineNo: 1, field, code: 'invalid_value', severity: 'error' }),
      );
    });

    it('invalid_value says which field and value, in the caller’s language', () => {
      const line = bvbs(L_BAR.replace('l975', 'l-5'));
      expect(problemsOf(previewBvbs(line, ctx('en-US')))[0]?.message).toBe(
        'Cut length: “-5” is not valid, a positive number is expected',
      );
      expect(problemsOf(previewBvbs(line, ctx('zh-CN')))[0]?.message).toBe('下料长度的值“-5”无效：应为正数');
      expect(problemsOf(previewBvbs(line, ctx('fr-FR')))[0]?.message).toContain('Longueur de coupe');
    });

    it.each([
      ['mark', 'pB3-01', 'p'],
      ['quantity', 'n10', 'n'],
      ['diameter', 'd12', 'd'],
    ])('missing_value for an empty %s', (field, from, to) => {
      const preview = previewBvbs(bvbs(L_BAR.replace(from, to)), ctx());
      expect(problemsOf(preview)).toContainEqual(expect.objectContaining({ field, code: 'missing_value' }));
    });

    it('missing_value for a straight bar with neither length nor legs', () => {
      const preview = previewBvbs(bvbs(STRAIGHT.replace('l6000', 'l')), ctx());
      expect(problemsOf(preview)).toEqual([expect.objectContaining({ field: 'length', code: 'missing_value' })]);
      expect(preview.lines[0]?.length).toBeNull();
    });

    it('unknown_record for junk and other super-groups, which give no line', () => {
      const mesh = 'BFMA@HjTestPDF@r417@ia@p1@l4000@n10@e35.28@gB500A@s48@mQ257@b2150@v@C68@';
      const preview = previewBvbs(['hello world', mesh, rec(L_BAR)].join('\r\n'), ctx());
      expect(codes(preview)).toEqual(['unknown_record', 'unknown_record']);
      expect(problemsOf(preview, 1)[0]?.message).toBe('Not a bar record: hello world');
      expect(problemsOf(preview, 2)[0]?.field).toBe('record');
      expect(preview.lines.map((line) => line.lineNo)).toEqual([3]);
    });

    it('length_mismatch when the length lies outside [developed − 25, sum of legs + 25]', () => {
      const inside = [975, 1000, 951, 1025].map((l) => L_BAR.replace('l975', `l${l}`).replace('e0.866', 'e'));
      expect(codes(previewBvbs(bvbs(...inside), ctx()))).toEqual([]);
      const [far, short] = ['l1100', 'l900'].map((l) => L_BAR.replace('l975', l).replace('e0.866', 'e'));
      const preview = previewBvbs(bvbs(far!, short!), ctx());
      expect(problemsOf(preview).map((p) => [p.lineNo, p.code, p.severity])).toEqual([
        [1, 'length_mismatch', 'warning'],
        [2, 'length_mismatch', 'warning'],
      ]);
      expect(problemsOf(preview, 1)[0]?.message).toBe(
        'The cut length 1100 mm does not fit the legs: 975 mm after bend deductions, 1000 mm as outer dimensions (100 mm apart)',
      );
      expect(problemsOf(preview, 2)[0]?.message).toContain('(75 mm apart)');
      expect(preview.lines[0]?.length).toBe(1100);
    });

    it('weight_mismatch compares BVBS e per piece, beyond 3 %', () => {
      // Ours: 0.975 m × 0.888 kg/m = 0.866 kg a piece.
      const close = L_BAR.replace('e0.866', 'e0,89');
      const far = L_BAR.replace('e0.866', 'e0.95');
      const preview = previewBvbs(bvbs(close, far), ctx());
      expect(problemsOf(preview).map((p) => [p.lineNo, p.code])).toEqual([[2, 'weight_mismatch']]);
      expect(problemsOf(preview, 2)[0]?.message).toBe(
        'The file says 0.95 kg, the computed weight is 0.866 kg (9.7 % apart)',
      );
      expect(preview.lines[1]?.weight).toBe(8.658);
    });

    it('spatial_shape for a BF3D bar: the file’s length, its developed length in the message, code 99', () => {
      const spatial =
        'BF3D@HjTestPDF@r417@ia@p1@l1500@n10@e1.332@d12@gB500A@s48@v@Gx294@y0@z0@x0@y288@z0@x0@y0@z288@x0@y-288@z0@x294@y0@z0@C82@';
      const preview = previewBvbs(spatial, ctx());
      expect(problemsOf(preview)).toEqual([
        expect.objectContaining({ field: 'geometry', code: 'spatial_shape', severity: 'warning' }),
      ]);
      expect(problemsOf(preview)[0]?.message).toBe(
        'Spatial bar (BF3D): cut length 1500 mm, developed length 1400 mm from its 3D shape; the shape is drawn flattened',
      );
      expect(preview.lines[0]).toMatchObject({ length: 1500, shapeCode: '99', techniqueIds: [CUT, BEND] });
    });
  });

  it('imports the guideline’s own BF2D examples with no length warning', () => {
    // BVBS guideline 3.1 test data (see bvbs.test.ts), the bars a plant cuts: 1, 2, 3, 4, 5, 7, 9a–c.
    const examples = [
      'BF2D@HjTestPDF@r417@ia@p1@l1000@n10@e0.888@d12@gB500A@s48@v@Gl400@w90@l600@w0@C72@',
      'BF2D@HjTestPDF@r417@ia@p1@l800@n10@e0.710@d12@gB500A@s48@v@Gl100@w180@l600@w180@l100@w0@C71@',
      'BF2D@HjTestPDF@r417@ia@p1@l1224@n10@e1.087@d12@gB500A@s48@v@Gl100@w90@l300@w45@l424@w-45@l300@w-90@l100@w0@C82@',
      'BF2D@HjTestPDF@r417@ia@p1@l1428@n10@e1.268@d12@gB500A@s48@v@Gl400@w0@r400@w90@w0@l400@w0@C79@',
      'BF2D@HjTestPDF@r417@ia@p1@l1428@n10@e1.268@d12@gB500A@s48@v@Gl400@w45@r400@w90@w45@l400@w0@C93@',
      'BF2D@HjTestPDF@r417@ia@p1@l350@n1@e0.311@d12@gB500A@s48@v@Gl150@w90@l200@w0@MaAncon@bTTS@c2@n@o@p@C90@',
      'BF2D@HjTestPDF@r417@ia@p10.1@l700@n1@e0.522@d12@gB500A@s48@v@c10@Gl400@w90@l300@w0@C65@',
      'BF2D@HjTestPDF@r417@ia@p10.2@l1000@n1@e0.888@d12@gB500A@s48@v@c10@Gl400@w90@l600@w0@C68@',
      'BF2D@HjTestPDF@r417@ia@p10.3@l1300@n1@e1.154@d12@gB500A@s48@v@c10@Gl400@w90@l900@w0@C74@',
      'BF2D@HjTestPDF@r417@ia@p1@l1334@n1@d10@gIV@s40@a1@At6@p140@p667@p1194@C78@',
    ];
    const preview = previewBvbs(examples.join('\r\n'), ctx());
    // The guideline's example 9a prints e0.522 for 0.7 m of Ø12: 0.7 × 0.888 = 0.622 kg. A misprint,
    // and exactly what weight_mismatch is for.
    expect(problemsOf(preview).map((p) => [p.lineNo, p.code, p.message])).toEqual([
      [7, 'weight_mismatch', 'The file says 0.522 kg, the computed weight is 0.622 kg (16.1 % apart)'],
    ]);
    expect(preview.lines.map((line) => line.length)).toEqual([1000, 800, 1224, 1428, 1428, 350, 700, 1000, 1300, 1334]);
    expect(preview.lines.map((line) => line.shapeCode)).toEqual([
      '11',
      null,
      null,
      null,
      null,
      '11',
      '11',
      '11',
      '11',
      '00',
    ]);
  });
});

describe('previewSheet', () => {
  const header = ['Mark', 'Grade', 'Diameter (mm)', 'Cut length (mm)', 'Members', 'Bars per member', 'Legs'];

  it('matches columns by any language’s label or alias, ignoring case, spaces and units', () => {
    const rows: SheetCell[][] = [
      [],
      ['Bar Mark', '牌号', 'DIA', 'longueur (mm)', 'no. of members', '每件根数', 'Geometry', 'Poids [kg]'],
      ['A1', 'HRB400E', 12, 975, 2, 5, '400:90; 600', 8.658],
    ];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.format).toBe('xlsx');
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject({
      lineNo: 3,
      mark: 'A1',
      rebarId: uuid(1),
      length: 975,
      members: 2,
      barsPerMember: 5,
      quantity: 10,
      weight: 8.658,
      shapeCode: '11',
      mandrel: 48,
      techniqueIds: [CUT, BEND],
    });
    expect(demandImportPreviewSchema.parse(preview)).toEqual(preview);
  });

  it('throws MissingColumnsError naming the required columns that are missing', () => {
    const attempt = () => previewSheet([['Grade', 'Cut length']], 'csv', ctx());
    expect(attempt).toThrow(MissingColumnsError);
    try {
      attempt();
    } catch (error) {
      expect((error as MissingColumnsError).columns).toEqual(['mark', 'diameter']);
      expect((error as MissingColumnsError).labels('zh-CN')).toBe('编号, 直径');
    }
    expect(() => previewSheet([[], [null, '']], 'csv', ctx())).toThrow(MissingColumnsError);
  });

  it('finds the header below a title block', () => {
    const rows: SheetCell[][] = [
      ['Bar bending schedule — Tower A'],
      ['Drawing S-01', null, 'rev. b'],
      [],
      ['Mark', 'Grade', 'Diameter', 'Cut length', 'Quantity'],
      ['1', 'HRB400E', 12, '1 000', 2],
    ];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.lines.map((line) => [line.lineNo, line.length])).toEqual([[5, 1000]]);
  });

  it('reads text cells: decimal commas, a Φ before the diameter, numeric shape codes, empty rows skipped', () => {
    const rows: SheetCell[][] = [
      ['编号', '直径', '形状代码', '下料长度', '总根数', '备注', '图号', '每捆根数', '牌号'],
      ['1', 'Φ25', 0, '6000,0', '4', 'north side', 'S-01', '50', 'HRB400E'],
      [null, '', '  '],
      ['2', '12', 11, '975', '10', null, null, null, 'HRB 400E'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.problems).toEqual([]);
    expect(
      preview.lines.map((line) => [line.lineNo, line.diameter, line.shapeCode, line.length, line.quantity]),
    ).toEqual([
      [2, 25, '00', 6000, 4],
      [4, 12, '11', 975, 10],
    ]);
    expect(preview.lines[0]).toMatchObject({ remark: 'north side', drawing: 'S-01', piecesPerBundle: 50, members: 1 });
  });

  it('takes the weight column as the line’s total and warns beyond 3 %', () => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Quantity', 'Weight'],
      ['1', 12, 'HRB400E', 1000, 10, 8.9],
      ['2', 12, 'HRB400E', 1000, 10, 0.888],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.code])).toEqual([[3, 'weight_mismatch']]);
  });

  it('reads the techniques column as codes, whatever their case', () => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Quantity', 'Techniques'],
      ['1', 12, 'HRB400E', 1000, 10, 'cut, thread'],
      ['2', 12, 'HRB400E', 1000, 10, 'CUT，BEND，PAINT'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.lines.map((line) => line.techniqueIds)).toEqual([
      [CUT, THREAD],
      [CUT, BEND],
    ]);
  });

  it.each([
    ['quantity = members × bars', [2, 5, 10], { members: 2, barsPerMember: 5, quantity: 10 }],
    ['quantity alone is one member', [null, null, 7], { members: 1, barsPerMember: 7, quantity: 7 }],
    ['quantity and members give the bars', [3, null, 12], { members: 3, barsPerMember: 4, quantity: 12 }],
  ])('%s', (_name, [members, bars, quantity], expected) => {
    const rows: SheetCell[][] = [
      ['Mark', 'Diameter', 'Grade', 'Cut length', 'Members', 'Bars per member', 'Quantity'],
      ['1', 12, 'HRB400E', 1000, members ?? null, bars ?? null, quantity ?? null],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.lines[0]).toMatchObject(expected);
  });

  it('quantity_mismatch when the quantity is not members × bars; missing_value when there is none', () => {
    const rows: SheetCell[][] = [
      [...header, 'Quantity'],
      ['1', 'HRB400E', 12, 1000, 2, 5, '', 11],
      ['2', 'HRB400E', 12, 1000, null, null, '', null],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.field, p.code])).toEqual([
      [2, 'quantity', 'quantity_mismatch'],
      [3, 'quantity', 'missing_value'],
    ]);
    expect(problemsOf(preview, 2)[0]?.message).toBe('The quantity 11 is not members 2 × bars per member 5');
    expect(preview.lines[0]?.quantity).toBeNull();
  });

  it('invalid_value for unreadable legs, counts and lengths', () => {
    const rows: SheetCell[][] = [
      header,
      ['1', 'HRB400E', 12, 1000, 1, 1, '400:90; abc'],
      ['2', 'HRB400E', 12, 'long', 1.5, 1, ''],
      ['3', 'HRB400E', -12, 1000, 1, 1, ''],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(problemsOf(preview).map((p) => [p.lineNo, p.field, p.code])).toEqual([
      [2, 'geometry', 'invalid_value'],
      [3, 'length', 'invalid_value'],
      [3, 'members', 'invalid_value'],
      [4, 'diameter', 'invalid_value'],
    ]);
  });

  it('length_mismatch on a sheet too, and the developed length when the length is empty', () => {
    const rows: SheetCell[][] = [
      header,
      ['1', 'HRB400E', 12, 1200, 1, 1, '400:90; 600'],
      ['2', 'HRB400E', 12, null, 1, 1, '400:90; 600'],
    ];
    const preview = previewSheet(rows, 'csv', ctx());
    expect(codes(preview)).toEqual(['length_mismatch']);
    expect(preview.lines[1]?.length).toBe(975);
  });
});

describe('completeDemandLine', () => {
  const spec = SPECS[0]!;
  const values = (input: Record<string, unknown>): DemandOrderLineValues =>
    demandOrderLineInputSchema.parse({ mark: 'A1', rebarId: spec.id, ...input });

  it('derives the length, mandrel, shape code and weight of a bent bar', () => {
    const result = completeDemandLine(
      values({
        members: 2,
        barsPerMember: 5,
        geometry: [
          { length: 400, angle: 90 },
          { length: 600, angle: 0 },
        ],
      }),
      spec,
    );
    expect(result).toEqual({
      ok: true,
      line: {
        length: 975,
        members: 2,
        barsPerMember: 5,
        quantity: 10,
        shapeCode: '11',
        weightGrams: 8658,
        mandrel: 48,
      },
    });
  });

  it('keeps a given length, mandrel and shape code; a straight bar has no mandrel', () => {
    const bent = completeDemandLine(
      values({
        quantity: 3,
        length: 1000,
        mandrel: 60,
        shapeCode: 'YM',
        geometry: [
          { length: 400, angle: 90 },
          { length: 600, angle: 0 },
        ],
      }),
      spec,
    );
    expect(bent).toMatchObject({
      ok: true,
      line: { length: 1000, mandrel: 60, shapeCode: 'YM', members: 1, barsPerMember: 3 },
    });
    const straight = completeDemandLine(
      values({ quantity: 3, mandrel: 60, geometry: [{ length: 6000, angle: 0 }] }),
      spec,
    );
    expect(straight).toMatchObject({
      ok: true,
      line: { length: 6000, mandrel: null, shapeCode: '00', weightGrams: 15984 },
    });
  });

  it('refuses a quantity that is not members × bars, and a straight bar without a length', () => {
    const result = completeDemandLine(values({ members: 2, barsPerMember: 5, quantity: 11 }), spec);
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'length', key: 'missing_value', params: {} },
        { field: 'quantity', key: 'quantity_mismatch', params: { quantity: 11, members: 2, barsPerMember: 5 } },
      ],
    });
    if (!result.ok) {
      expect(demandLineErrorMessage(result.errors[0]!, 'en-US')).toBe('Cut length is missing');
      expect(demandLineErrorMessage(result.errors[1]!, 'zh-CN')).toBe('总根数 11 不等于构件数 2 × 每件根数 5');
    }
  });

  it('refuses a line without any quantity', () => {
    expect(completeDemandLine(values({ length: 1000 }), spec)).toEqual({
      ok: false,
      errors: [{ field: 'quantity', key: 'missing_value', params: {} }],
    });
  });
});

/** A saved line, as the API returns it, from a preview line. */
function savedLine(line: DemandImportLine, index: number): DemandOrderLine {
  return {
    id: uuid(1000 + index),
    lineNo: index + 1,
    mark: line.mark,
    rebarId: line.rebarId ?? '',
    rebarName: '',
    grade: line.grade,
    diameter: line.diameter ?? 0,
    length: line.length ?? 0,
    members: line.members ?? 1,
    barsPerMember: line.barsPerMember ?? 0,
    quantity: line.quantity ?? 0,
    weight: line.weight ?? 0,
    shapeCode: line.shapeCode,
    geometry: line.geometry,
    mandrel: line.mandrel,
    techniqueIds: line.techniqueIds,
    piecesPerBundle: line.piecesPerBundle,
    drawing: line.drawing,
    privateBlock: line.privateBlock,
    remark: line.remark,
    plannedQuantity: 0,
    producedQuantity: 0,
  };
}

const ORDER_ROWS: SheetCell[][] = [
  [
    'Mark',
    'Grade',
    'Diameter',
    'Cut length',
    'Members',
    'Bars per member',
    'Legs',
    'Mandrel',
    'Techniques',
    'Pieces per bundle',
    'Drawing',
    'Remark',
    'Shape code',
  ],
  ['B3-01', 'HRB400E', 12, 975, 2, 5, '400:90; 600', 48, 'CUT, BEND', 100, '417 (a)', 'beam', null],
  [
    'L1',
    'HPB300',
    10,
    1780,
    20,
    10,
    '120:135; 300:90; 500:90; 300:90; 500:135; 120',
    25,
    'CUT, BEND',
    null,
    null,
    null,
    null,
  ],
  ['T1', 'HRB400E', 25, 3000, 1, 4, '', null, 'CUT, THREAD', 20, 'S-01', null, null],
  ['U1', 'HRB400E', 12, 1550, 3, 2, '300,5:90; 1000:90; 300,5', 60, 'CUT, BEND', null, null, null, 'U7'],
];
const ORDER = previewSheet(ORDER_ROWS, 'xlsx', ctx()).lines.map(savedLine);
const TECHNIQUES = ctx().techniques;

describe('round trips', () => {
  it('the order used below imports cleanly', () => {
    expect(previewSheet(ORDER_ROWS, 'xlsx', ctx()).problems).toEqual([]);
  });

  it('BVBS: previewBvbs(bvbsOfOrder(order)) gives the same lines and valid checksums', () => {
    const text = bvbsOfOrder({ project: 'Tower A', lines: ORDER, techniques: TECHNIQUES });
    expect(text.endsWith('\r\n')).toBe(true);
    const parsed = parseBvbs(text);
    expect(parsed.every((line) => line.kind === 'record' && line.checksum.found === line.checksum.expected)).toBe(true);
    const preview = previewBvbs(text, ctx());
    expect(preview.problems).toEqual([]);
    expect(preview.project).toBe('Tower A');
    const comparable = (line: DemandImportLine | DemandOrderLine) => ({
      mark: line.mark,
      grade: line.grade,
      diameter: line.diameter,
      rebarId: line.rebarId,
      length: line.length,
      quantity: line.quantity,
      weight: line.weight,
      shapeCode: line.shapeCode,
      geometry: line.geometry.map((leg, index) => (index === line.geometry.length - 1 ? { ...leg, angle: 0 } : leg)),
      mandrel: line.mandrel,
      techniqueIds: line.techniqueIds,
      drawing: line.drawing,
      privateBlock: line.privateBlock,
    });
    // A shape code the detailer chose (U7) is not in BVBS; the derived one comes back.
    const expected = ORDER.map((line) => ({
      ...comparable(line),
      shapeCode: line.shapeCode === 'U7' ? '21' : line.shapeCode,
    }));
    expect(preview.lines.map(comparable)).toEqual(expected);
  });

  it('xlsx: previewSheet(sheetOfOrder(order)) gives the same lines, in every language', () => {
    for (const locale of ['zh-CN', 'en-US', 'fr-FR'] as const) {
      const sheet = sheetOfOrder(ORDER, locale, TECHNIQUES);
      const preview = previewSheet([sheet.header, ...sheet.rows], 'xlsx', ctx('en-US'));
      expect(preview.problems).toEqual([]);
      expect(preview.lines.map((line, index) => savedLine(line, index))).toEqual(ORDER);
    }
  });

  it('the template is the header alone, in the user’s language, with units', () => {
    expect(sheetOfOrder([], 'zh-CN').header).toEqual(sheetHeader('zh-CN'));
    expect(sheetHeader('zh-CN').slice(0, 5)).toEqual(['编号', '牌号', '直径 (mm)', '形状代码', '下料长度 (mm)']);
    expect(previewSheet([sheetHeader('fr-FR')], 'xlsx', ctx()).lines).toEqual([]);
  });
});

// Speed is measured by `npm run bench:import` (docs/benchmarks.md), not here: these only check that
// a schedule of the largest size allowed reads whole.
describe('the largest schedule', () => {
  const N = 20_000;

  it(`reads ${N} BVBS lines`, () => {
    const text = Array.from({ length: N }, (_, i) => rec(L_BAR.replace('pB3-01', `p${i}`))).join('\r\n');
    const preview = previewBvbs(text, ctx());
    expect(preview.lines).toHaveLength(N);
    expect(preview.lines.at(-1)?.mark).toBe(`${N - 1}`);
    expect(preview.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
  });

  it(`reads ${N} sheet rows`, () => {
    const header = ORDER_ROWS[0]!;
    const rows: SheetCell[][] = [header, ...Array.from({ length: N }, (_, i) => [`M${i}`, ...ORDER_ROWS[1]!.slice(1)])];
    const preview = previewSheet(rows, 'xlsx', ctx());
    expect(preview.lines).toHaveLength(N);
    expect(preview.lines.at(-1)?.mark).toBe(`M${N - 1}`);
  });
});
