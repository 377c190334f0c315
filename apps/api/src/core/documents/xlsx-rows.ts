import { Unzip, type UnzipFile } from 'fflate';
import { SaxesParser } from 'saxes';
import type { SheetCell } from '@armature/domain';
import { StreamedInflate } from '../files/zip-limits.ts';

/** The rows read from a sheet: blank ones dropped; `lines` counts every row read, blank ones too. */
export type XlsxRows = { rows: SheetCell[][]; lines: number };

/** The workbook is not a readable .xlsx (a part missing, XML that does not parse). */
export class XlsxUnreadableError extends Error {}

/** A shared string's index, resolved once the shared strings are read. */
class SharedRef {
  constructor(readonly index: number) {}
}

type Pending = SheetCell | SharedRef;

/**
 * Each entry of `zip` that `wanted` names, its inflated text given chunk by chunk to `sink` in the zip's
 * order; the others are skipped without inflating. `sink` answers false to stop reading that entry.
 */
function readEntries(
  zip: Uint8Array,
  wanted: (name: string) => boolean,
  sink: (name: string, text: string, final: boolean) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let open = 0;
    let walked = false;
    let failed = false;
    const files: UnzipFile[] = [];
    const done = () => open === 0 && walked && !failed && resolve();
    const unzip = new Unzip((file) => {
      if (failed || !wanted(file.name)) return;
      files.push(file);
      open++;
      const decoder = new TextDecoder('utf-8');
      let finished = false;
      file.ondata = (error, chunk, final) => {
        if (finished || failed) return;
        if (error) {
          failed = true;
          for (const each of files) each.terminate();
          return reject(new XlsxUnreadableError(error.message));
        }
        let more: boolean;
        try {
          more = sink(file.name, decoder.decode(chunk, { stream: !final }), final);
        } catch (sinkError) {
          failed = true;
          for (const each of files) each.terminate();
          return reject(sinkError as Error);
        }
        if (final || !more) {
          finished = true;
          if (!final) file.terminate();
          open--;
          done();
        }
      };
      file.start();
    });
    unzip.register(StreamedInflate);
    try {
      unzip.push(zip, true);
    } catch (error) {
      return reject(new XlsxUnreadableError((error as Error).message));
    }
    walked = true;
    done();
  });
}

/** Small XML parts, whole, by name. */
async function readParts(zip: Uint8Array, names: readonly string[]): Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  await readEntries(
    zip,
    (name) => names.includes(name),
    (name, text) => {
      parts.set(name, (parts.get(name) ?? '') + text);
      return true;
    },
  );
  return parts;
}

/** A parser that throws the unreadable error on malformed XML; local names only (`x:row` is `row`). */
function xmlParser(): SaxesParser {
  const parser = new SaxesParser();
  parser.on('error', (error) => {
    throw new XlsxUnreadableError(error.message);
  });
  return parser;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first sheet's part: the workbook's first `<sheet>`, through the workbook's relationships. */
async function firstSheetPath(zip: Uint8Array): Promise<string | null> {
  const parts = await readParts(zip, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']);
  let sheetRel: string | null = null;
  const targets = new Map<string, string>();
  const workbook = xmlParser();
  workbook.on('opentag', (tag) => {
    if (localName(tag.name) !== 'sheet' || sheetRel) return;
    const id = Object.entries(tag.attributes).find(([name]) => localName(name) === 'id')?.[1];
    sheetRel = typeof id === 'string' ? id : null;
  });
  workbook.write(parts.get('xl/workbook.xml') ?? '').close();
  const rels = xmlParser();
  rels.on('opentag', (tag) => {
    if (localName(tag.name) !== 'Relationship') return;
    const { Id, Target } = tag.attributes as Record<string, string>;
    if (Id && Target) targets.set(Id, Target);
  });
  rels.write(parts.get('xl/_rels/workbook.xml.rels') ?? '').close();
  const target = sheetRel ? targets.get(sheetRel) : undefined;
  if (!target) return null;
  // Relative to xl/, or absolute from the package's root.
  return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
}

/** `C12` → 2 (zero-based column). */
function columnOf(reference: string | undefined): number | null {
  const letters = /^[A-Z]+/.exec(reference ?? '')?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column - 1;
}

function cellOf(type: string | undefined, text: string): Pending {
  switch (type) {
    case 's':
      return new SharedRef(Number(text));
    case 'str':
    case 'inlineStr':
      return text;
    case 'b':
      return text === '1' ? 'true' : 'false';
    case 'e':
      return null;
    default: {
      if (text.trim() === '') return null;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
  }
}

/**
 * The sheet's rows as the XML inflates, up to `maxLines` rows (one more is read, so the caller sees it was
 * exceeded): cells by their reference, shared strings left as indices.
 */
async function sheetRows(zip: Uint8Array, path: string, maxLines: number) {
  const rows: Pending[][] = [];
  let lines = 0;
  let row: Pending[] | null = null;
  let cell: { column: number; type: string | undefined } | null = null;
  let text: string | null = null;
  let inPhonetic = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'row') {
      row = [];
      lines++;
    } else if (name === 'c' && row) {
      const { r, t } = tag.attributes as Record<string, string | undefined>;
      cell = { column: columnOf(r) ?? row.length, type: t };
      text = '';
    } else if (name === 'rPh') inPhonetic = true;
  });
  parser.on('text', (chunk) => {
    if (cell && text !== null && !inPhonetic) text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 'rPh') inPhonetic = false;
    else if (name === 'f' && cell && text !== null)
      text = ''; // A formula's text is not its value.
    else if (name === 'c' && row && cell) {
      row[cell.column] = cellOf(cell.type, text ?? '');
      cell = null;
      text = null;
    } else if (name === 'row' && row) {
      const cells = Array.from(row, (value) => value ?? null);
      if (cells.some((value) => value !== null && (typeof value !== 'string' || value.trim() !== ''))) rows.push(cells);
      row = null;
    }
  });
  let found = false;
  await readEntries(
    zip,
    (name) => name === path,
    (_, chunk, final) => {
      found = true;
      parser.write(chunk);
      if (final) parser.close();
      return lines <= maxLines;
    },
  );
  if (!found) throw new XlsxUnreadableError(`no part ${path}`);
  return { rows, lines };
}

/** The shared strings the rows refer to, and only those (a sheet's strings may run to tens of MB). */
async function sharedStrings(zip: Uint8Array, needed: Set<number>): Promise<Map<number, string>> {
  const strings = new Map<number, string>();
  if (needed.size === 0) return strings;
  let index = -1;
  let text = '';
  let inText = false;
  let inPhonetic = false;
  const parser = xmlParser();
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (name === 'si') {
      index++;
      text = '';
    } else if (name === 't') inText = true;
    else if (name === 'rPh') inPhonetic = true;
  });
  parser.on('text', (chunk) => {
    if (inText && !inPhonetic && needed.has(index)) text += chunk;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (name === 't') inText = false;
    else if (name === 'rPh') inPhonetic = false;
    else if (name === 'si' && needed.has(index)) strings.set(index, text);
  });
  const last = Math.max(...needed);
  await readEntries(
    zip,
    (name) => name === 'xl/sharedStrings.xml',
    (_, chunk, final) => {
      parser.write(chunk);
      if (final) parser.close();
      return index <= last;
    },
  );
  return strings;
}

/**
 * The first worksheet's rows of an .xlsx, read as its XML inflates (zlib, entry by entry) and parsed as a
 * stream (saxes): nothing but the rows kept is held, the sheet is not staged anywhere, and reading stops
 * one row past `maxLines`. Shared strings are read afterwards, keeping only those the rows use. Values as
 * they are stored: numbers (dates too: the import reads no styles), text, `true`/`false`, formulas'
 * results; errors are blank.
 */
export async function readXlsxRows(zip: Uint8Array, maxLines: number): Promise<XlsxRows> {
  const path = await firstSheetPath(zip);
  if (!path) throw new XlsxUnreadableError('no worksheet');
  const { rows, lines } = await sheetRows(zip, path, maxLines);
  const needed = new Set<number>();
  for (const row of rows) for (const value of row) if (value instanceof SharedRef) needed.add(value.index);
  const strings = await sharedStrings(zip, needed);
  return {
    lines,
    rows: rows.map((row) =>
      row.map((value) => (value instanceof SharedRef ? (strings.get(value.index) ?? null) : value)),
    ),
  };
}
