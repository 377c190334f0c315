/** Reads an instance file in either supported format, chosen by extension (.json, anything else BPPLIB). */
import { readFile } from 'node:fs/promises';
import type { CuttingInput } from '../model.ts';
import { parseBpplib } from './bpplib.ts';
import { parseJsonInstance } from './json.ts';

export async function readInstanceFile(path: string): Promise<CuttingInput> {
  const text = await readFile(path, 'utf8');
  return path.toLowerCase().endsWith('.json') ? parseJsonInstance(text) : parseBpplib(text);
}
