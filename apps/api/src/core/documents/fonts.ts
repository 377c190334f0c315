import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Noto Sans Hans (SIL Open Font License) from `@embedpdf/fonts-sc`: an OpenType (CFF) font pdfkit
 * embeds and subsets, so a PDF carries only the glyphs it uses (a few dozen kB, not the 8 MB file).
 */
export const cjkFont = () =>
  // The package exports only its script: the font is found beside it.
  join(
    dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')),
    '..',
    'fonts',
    'NotoSansHans-Regular.otf',
  );
