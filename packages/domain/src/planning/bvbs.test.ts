import { describe, expect, it } from 'vitest';
import { shapePoints } from './bar-shape.ts';
import {
  bvbsChecksum,
  fieldValue,
  isBvbsPrivateBlock,
  joinDrawing,
  parseBvbs,
  parseBvbsLine,
  splitDrawing,
  writeBvbs,
  type BvbsBar,
  type BvbsRecord,
} from './bvbs.ts';

/** Closes a record the way a writer does: `C`, the checksum, `@`. */
const withChecksum = (body: string) => `${body}C${bvbsChecksum(`${body}C`)}@`;

const record = (line: string): BvbsRecord => {
  const parsed = parseBvbsLine(line, 1);
  if (parsed.kind !== 'record') throw new Error(`not a record: ${line}`);
  return parsed;
};

// The BVBS guideline 3.1 (May 2021) test data, as transcribed and checksum-verified in
// yeelvus/OpenConstructionERP backend/tests/modules/rebar_schedule/abs_fixtures.py (code-index
// 63477264725). Each reproduces its printed checksum.
const GUIDELINE = {
  'bf2d-1': 'BF2D@HjTestPDF@r417@ia@p1@l1000@n10@e0.888@d12@gB500A@s48@v@Gl400@w90@l600@w0@C72@',
  'bf2d-2-hooks': 'BF2D@HjTestPDF@r417@ia@p1@l800@n10@e0.710@d12@gB500A@s48@v@Gl100@w180@l600@w180@l100@w0@C71@',
  'bf2d-3-cranked':
    'BF2D@HjTestPDF@r417@ia@p1@l1224@n10@e1.087@d12@gB500A@s48@v@Gl100@w90@l300@w45@l424@w-45@l300@w-90@l100@w0@C82@',
  'bf2d-4-arc': 'BF2D@HjTestPDF@r417@ia@p1@l1428@n10@e1.268@d12@gB500A@s48@v@Gl400@w0@r400@w90@w0@l400@w0@C79@',
  'bf2d-5-arc-opening-angle':
    'BF2D@HjTestPDF@r417@ia@p1@l1428@n10@e1.268@d12@gB500A@s48@v@Gl400@w45@r400@w90@w45@l400@w0@C93@',
  'bf2d-6-coupler': 'BF2D@HjTestPDF@r417@ia@p1@l200@n1@e0.178@d12@gB500A@s48@v@Gl200@w0@MaLenton@bA12@c1@n@o@p@C78@',
  'bf2d-7-thread':
    'BF2D@HjTestPDF@r417@ia@p1@l350@n1@e0.311@d12@gB500A@s48@v@Gl150@w90@l200@w0@MaAncon@bTTS@c2@n@o@p@C90@',
  'bf2d-8-coupler-and-thread':
    'BF2D@HjTestPDF@r417@ia@p1@l200@n1@e0.178@d12@gB500A@s48@v@Gl200@w0@MaLenton@bA12@c1@nLenton@oP13@p2@C88@',
  'bf2d-9a-staggered': 'BF2D@HjTestPDF@r417@ia@p10.1@l700@n1@e0.522@d12@gB500A@s48@v@c10@Gl400@w90@l300@w0@C65@',
  'bf2d-10-running-metre': 'BF2D@HjTestPDF@r417@ia@p1@l500000@n1@e444.000@d12@gB500A@s48@v@Gl500000@w0@C81@',
  'bf2d-11-spacers': 'BF2D@HjTestPDF@r417@ia@p1@l1334@n1@d10@gIV@s40@a1@At6@p140@p667@p1194@C78@',
  'bf3d-1':
    'BF3D@HjTestPDF@r417@ia@p1@l1500@n10@e1.332@d12@gB500A@s48@v@Gx294@y0@z0@x0@y288@z0@x0@y0@z288@x0@y-288@z0@x294@y0@z0@C82@',
  'bfwe-1': 'BFWE@HjTestPDF@r417@ia@p1@l45398@n10@e40.313@d12@gB500A@s48@v@Gr300@w360@n6@g100@n12@g200@n6@g100@C69@',
  'bfma-1': 'BFMA@HjTestPDF@r417@ia@p1@l4000@n10@e35.28@gB500A@s48@mQ257@b2150@v@C68@',
  'bfau-1': 'BFAU@HjTestPDF@r417@i@p1@l2000@n5@e4.5@mDS16@h160@C68@',
};

describe('bvbsChecksum', () => {
  it('is 96 − (Σ ASCII up to and including C) mod 32: the guideline works "abcde@C" to 78', () => {
    expect(bvbsChecksum('abcde@C')).toBe(78);
    expect(bvbsChecksum('BF2D@C')).toBe(95);
  });

  it('reproduces the printed checksum of every guideline example', () => {
    for (const line of Object.values(GUIDELINE)) {
      const body = line.slice(0, line.lastIndexOf('@C') + 1);
      expect(bvbsChecksum(`${body}C`), line).toBe(Number(/C(\d+)@$/.exec(line)?.[1]));
    }
  });

  it('counts a character outside ASCII by its UTF-8 bytes', () => {
    // 钢 is E9 92 A2 in UTF-8: 233 + 146 + 162 = 541.
    expect(bvbsChecksum('钢C')).toBe(96 - ((541 + 67) % 32));
  });
});

describe('parseBvbs: records', () => {
  it('reads the header fields j r i p l n e d g s v in order', () => {
    const bar = record(GUIDELINE['bf2d-1']);
    expect(bar.group).toBe('BF2D');
    expect(bar.header.map((field) => field.key).join(' ')).toBe('j r i p l n e d g s v');
    expect(fieldValue(bar.header, 'j')).toBe('TestPDF');
    expect(fieldValue(bar.header, 'e')).toBe('0.888');
    expect(fieldValue(bar.header, 'v')).toBe('');
    expect(bar.checksum).toEqual({ found: 72, expected: 72 });
  });

  it('tolerates the optional header fields a, t, c', () => {
    expect(fieldValue(record(GUIDELINE['bf2d-9a-staggered']).header, 'c')).toBe('10');
    const line = withChecksum('BF2D@Hj@r@i@p1@l1000@n2@e0,888@d12@g@s48@v@a0@t0@Gl400@w90@l600@w0@');
    const bar = record(line);
    expect(fieldValue(bar.header, 'a')).toBe('0');
    expect(fieldValue(bar.header, 't')).toBe('0');
    expect(bar.legs).toHaveLength(2);
  });

  it('reads the legs and angles of the geometry block', () => {
    expect(record(GUIDELINE['bf2d-1']).legs).toEqual([
      { length: 400, angle: 90 },
      { length: 600, angle: 0 },
    ]);
    expect(record(GUIDELINE['bf2d-3-cranked']).legs.map((leg) => leg.angle)).toEqual([90, 45, -45, -90, 0]);
    const hooks = record(GUIDELINE['bf2d-2-hooks']);
    expect(hooks.legs).toEqual([
      { length: 100, angle: 180 },
      { length: 600, angle: 180 },
      { length: 100, angle: 0 },
    ]);
    expect(hooks.outerLength).toBe(800);
    expect(hooks.developedLength).toBe(844);
  });

  it('counts an arc r·θ and draws it as tangent legs ending where the arc ends (example 4)', () => {
    const arc = record(GUIDELINE['bf2d-4-arc']);
    expect(arc.outerLength).toBe(1428);
    expect(arc.developedLength).toBe(1428);
    const end = shapePoints(arc.legs).at(-1);
    expect(end?.x).toBeCloseTo(800, 0);
    expect(end?.y).toBeCloseTo(800, 0);
    expect(arc.legs.reduce((sum, leg) => sum + leg.angle, 0)).toBeCloseTo(90, 6);
  });

  it('takes the bends before and after an arc off the developed length (example 5)', () => {
    const arc = record(GUIDELINE['bf2d-5-arc-opening-angle']);
    expect(arc.outerLength).toBe(1428);
    // Two 45° bends on Ø12 / 48 mm: 6.262 mm each.
    expect(arc.developedLength).toBe(1416);
    expect(arc.legs.reduce((sum, leg) => sum + leg.angle, 0)).toBeCloseTo(180, 6);
  });

  it('keeps the coupler block (examples 6 to 8)', () => {
    expect(record(GUIDELINE['bf2d-6-coupler']).coupler).toBe('MaLenton@bA12@c1@n@o@p@');
    expect(record(GUIDELINE['bf2d-8-coupler-and-thread']).coupler).toBe('MaLenton@bA12@c1@nLenton@oP13@p2@');
    expect(record(GUIDELINE['bf2d-1']).coupler).toBeNull();
  });

  it('keeps the private block verbatim', () => {
    const bar = record(withChecksum('BF2D@Hj@r@i@p1@l1000@n2@e0.888@d12@gB500B@s48@v@Gl400@w90@l600@w0@PnREBAR@hYM@'));
    expect(bar.privateBlock).toBe('PnREBAR@hYM@');
    expect(bar.checksum.found).toBe(bar.checksum.expected);
  });

  it('reads a spatial bar (BF3D) from its vertex offsets: outer 5 × 300 = l1500, developed 1400', () => {
    const spatial = record(GUIDELINE['bf3d-1']);
    expect(spatial.group).toBe('BF3D');
    expect(spatial.outerLength).toBe(1500);
    // Axis 294 + 3 × 288 + 294 = 1452, less 4 corners of 2·30 − π/2·30 = 12.876 mm.
    expect(spatial.developedLength).toBe(1400);
    expect(spatial.legs.map((leg) => leg.length)).toEqual([300, 300, 300, 300, 300]);
    expect(spatial.legs.map((leg) => leg.angle)).toEqual([90, 90, 90, 90, 0]);
  });

  it('reads a bar without geometry (spacers example 11) as one with no legs', () => {
    const bar = record(GUIDELINE['bf2d-11-spacers']);
    expect(bar.legs).toEqual([]);
    expect(bar.developedLength).toBeNull();
  });

  it('accepts decimal commas and empty j, r, i and g fields', () => {
    const bar = record(withChecksum('BF2D@Hj@r@i@p1@l1000,0@n2@e0,888@d12@g@s48@v@Gl400,5@w90@l599,5@w0@'));
    expect(fieldValue(bar.header, 'j')).toBe('');
    expect(fieldValue(bar.header, 'g')).toBe('');
    expect(fieldValue(bar.header, 'e')).toBe('0,888');
    expect(bar.legs).toEqual([
      { length: 400.5, angle: 90 },
      { length: 599.5, angle: 0 },
    ]);
  });

  it('flags a geometry it cannot read', () => {
    expect(record(withChecksum('BF2D@Hj@r@i@p1@l1000@n2@e@d12@g@s48@v@Glabc@w90@l600@w0@')).geometryUnreadable).toBe(
      true,
    );
  });

  it('reports a wrong or missing checksum with the expected value', () => {
    const wrong = record(GUIDELINE['bf2d-1'].replace('C72@', 'C88@'));
    expect(wrong.checksum).toEqual({ found: 88, expected: 72 });
    const missing = record('BF2D@HjTestPDF@r417@ia@p1@l1000@n10@e0.888@d12@gB500A@s48@v@Gl400@w90@l600@w0@');
    expect(missing.checksum).toEqual({ found: null, expected: 72 });
  });
});

describe('parseBvbs: files', () => {
  it('reads CRLF and LF files alike, skipping blank lines and numbering lines as the file does', () => {
    const lines = [GUIDELINE['bf2d-1'], '', '   ', GUIDELINE['bf2d-7-thread']];
    for (const separator of ['\r\n', '\n']) {
      const parsed = parseBvbs(`${lines.join(separator)}${separator}`);
      expect(parsed.map((line) => line.lineNo)).toEqual([1, 4]);
      expect(parsed.every((line) => line.kind === 'record')).toBe(true);
    }
  });

  it('skips a byte-order mark before the first record', () => {
    const [first] = parseBvbs(`\uFEFF${GUIDELINE['bf2d-1']}\r\n`);
    expect(first?.kind).toBe('record');
  });

  it('calls other super-groups, records without a header and junk unknown lines, keeping them raw', () => {
    const junk = ['hello', GUIDELINE['bfwe-1'], GUIDELINE['bfma-1'], GUIDELINE['bfau-1'], 'BF2D@Gl100@w0@C70@'];
    const parsed = parseBvbs(junk.join('\r\n'));
    expect(parsed.map((line) => line.kind)).toEqual(['unknown', 'unknown', 'unknown', 'unknown', 'unknown']);
    expect(parsed[1]?.raw).toBe(GUIDELINE['bfwe-1']);
  });
});

describe('writeBvbs', () => {
  const bars: BvbsBar[] = [
    {
      project: 'Tower A',
      drawing: '417 (a)',
      mark: 'B3-01',
      length: 975,
      quantity: 10,
      weightPerPiece: 0.866,
      diameter: 12,
      grade: 'HRB400E',
      mandrel: 48,
      legs: [
        { length: 400, angle: 90 },
        { length: 600, angle: 0 },
      ],
      coupler: false,
      privateBlock: 'PnREBAR@hYM@',
    },
    {
      project: 'Tower A',
      drawing: null,
      mark: '2',
      length: 6000,
      quantity: 4,
      weightPerPiece: null,
      diameter: 25,
      grade: '',
      mandrel: null,
      legs: [],
      coupler: true,
      privateBlock: null,
    },
    {
      project: '',
      drawing: 'S-12',
      mark: 'L1',
      length: 1876,
      quantity: 200,
      weightPerPiece: 0.74,
      diameter: 10,
      grade: 'HPB300',
      mandrel: 25,
      legs: [
        { length: 120, angle: 135 },
        { length: 300, angle: 90 },
        { length: 500, angle: 90 },
        { length: 300, angle: 90 },
        { length: 500, angle: 135 },
        { length: 120.5, angle: 7 },
      ],
      coupler: false,
      privateBlock: null,
    },
  ];
  const text = writeBvbs(bars);

  it('writes BF2D records with every mandatory header field, w0 on the last leg, CRLF', () => {
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect(lines[0]).toBe(
      withChecksum('BF2D@HjTower A@r417@ia@pB3-01@l975@n10@e0.866@d12@gHRB400E@s48@v@Gl400@w90@l600@w0@PnREBAR@hYM@'),
    );
    expect(lines[1]).toBe(withChecksum('BF2D@HjTower A@r@i@p2@l6000@n4@e@d25@g@s@v@Ma@b@c@n@o@p@'));
    expect(lines[2]).toContain('@l120.5@w0@C');
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('gives every record a valid checksum', () => {
    for (const line of parseBvbs(text)) {
      expect(line.kind).toBe('record');
      if (line.kind === 'record') expect(line.checksum.found).toBe(line.checksum.expected);
    }
  });

  it('round-trips: parse(write(x)) gives the same bars', () => {
    const read = parseBvbs(text).map((line) => {
      if (line.kind !== 'record') throw new Error('unknown');
      const value = (key: string) => fieldValue(line.header, key) ?? '';
      return {
        project: value('j'),
        drawing: joinDrawing(value('r'), value('i')),
        mark: value('p'),
        length: Number(value('l')),
        quantity: Number(value('n')),
        weightPerPiece: value('e') ? Number(value('e')) : null,
        diameter: Number(value('d')),
        grade: value('g'),
        mandrel: value('s') ? Number(value('s')) : null,
        legs: line.legs,
        coupler: line.coupler !== null,
        privateBlock: line.privateBlock,
      };
    });
    const lastLegStraight = (bar: BvbsBar) => ({
      ...bar,
      legs: bar.legs.map((leg, index) => (index === bar.legs.length - 1 ? { ...leg, angle: 0 } : leg)),
    });
    expect(read).toEqual(bars.map(lastLegStraight));
  });

  it('keeps @ and line ends out of values', () => {
    const [line] = writeBvbs([{ ...bars[1]!, mark: 'a@b\nc' }]).split('\r\n');
    expect(fieldValue(record(line ?? '').header, 'p')).toBe('a b c');
  });

  it('keeps control characters out of values: a mark, drawing or grade never starts a block', () => {
    const text = writeBvbs([{ ...bars[1]!, mark: 'A1\tx\u0085@Hl9', drawing: 'S\u000b12@Gl1', grade: 'B500B\r\n@C' }]);
    const parsed = parseBvbs(text);
    expect(parsed).toHaveLength(1);
    const read = record(text.split('\r\n')[0] ?? '');
    expect(fieldValue(read.header, 'p')).toBe('A1 x  Hl9');
    expect(read.checksum.found).toBe(read.checksum.expected);
    const blockIds = (line: string) => line.match(/@[A-Z]/g);
    expect(blockIds(read.raw)).toEqual(blockIds(writeBvbs([bars[1]!])));
  });

  it('writes only a private block of lowercase-keyed fields, so it cannot carry another block', () => {
    for (const valid of ['PnREBAR@hYM@', 'Px@', 'Pa1@b@c 2,5@', 'Pn钢筋@'])
      expect(isBvbsPrivateBlock(valid), valid).toBe(true);
    for (const invalid of [
      'Px@Hl99999@n1@',
      'Px@C12@',
      'PnA@G l1@',
      'P',
      'P@',
      'Px',
      'PX1@',
      'P1@',
      'Px@@',
      'Pn\tx@',
      'Pnx\r\n@',
      'Pnx\u0000@',
      'Hl1@',
    ])
      expect(isBvbsPrivateBlock(invalid), JSON.stringify(invalid)).toBe(false);
    const injected = writeBvbs([{ ...bars[1]!, privateBlock: 'Px@Hl99999@n1@' }]);
    expect(injected).not.toContain('99999');
    expect(record(injected.split('\r\n')[0] ?? '').privateBlock).toBeNull();
    const kept = writeBvbs([{ ...bars[1]!, privateBlock: 'PnREBAR@hYM@' }]);
    expect(record(kept.split('\r\n')[0] ?? '').privateBlock).toBe('PnREBAR@hYM@');
  });

  it('splits and joins a drawing and its index', () => {
    expect(joinDrawing('417', 'a')).toBe('417 (a)');
    expect(joinDrawing('', '')).toBeNull();
    expect(splitDrawing('417 (a)')).toEqual({ drawing: '417', index: 'a' });
    expect(splitDrawing('S-12')).toEqual({ drawing: 'S-12', index: '' });
    expect(splitDrawing(null)).toEqual({ drawing: '', index: '' });
  });
});
