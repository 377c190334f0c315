import { describe, expect, it } from 'vitest';
import { bvbsChecksum } from './bvbs.ts';
import { previewBvbs } from './demand-import-bvbs.ts';
import {
  uuid,
  CUT,
  BEND,
  THREAD,
  ctx,
  rec,
  bvbs,
  L_BAR,
  STRAIGHT,
  problemsOf,
  codes,
} from './demand-import.fixture.ts';
import { demandImportPreviewSchema } from './demand-order.schema.ts';

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
