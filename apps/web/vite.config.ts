import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API listens on 3000 by default; in development Vite forwards `/api` to it. */
const API_ORIGIN = process.env.ARMATURE_API_ORIGIN ?? 'http://localhost:3000';

/**
 * The domain package's modules only define (schemas, menus, error catalogues), so a module none of whose
 * exports the web uses is left out of the bundle. Two keep their side effects: zod-messages.ts installs
 * zod's language-neutral message keys, and the package root, which imports it, so that the keys are in
 * place wherever the domain is first used. (The API's server bundle is not affected.)
 */
function domainSideEffects(id: string): boolean | undefined {
  if (!id.includes('/packages/domain/src/')) return undefined;
  return /\/(core\/i18n\/zod-messages|src\/index)\.ts$/.test(id);
}

/**
 * antd's, its components' and dayjs' texts for a language other than English (built in), all in one chunk per
 * language; the login page loads the chosen one.
 */
function localeChunk(id: string): string | null {
  const match = /\/(?:es\/locale\/(zh_CN|fr_FR)|dayjs\/locale\/(zh-cn|fr))\.js$/.exec(id);
  if (!match) return null;
  return match[1] === 'zh_CN' || match[2] === 'zh-cn' ? 'locale-zh-CN' : 'locale-fr-FR';
}

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': API_ORIGIN } },
  preview: { port: 4173, proxy: { '/api': API_ORIGIN } },
  build: {
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: { moduleSideEffects: domainSideEffects },
      output: {
        // Fewer, larger files for the first screen: each response costs about 1 KiB of headers, and the
        // automatic split gave the login page 91 of them (docs/benchmarks.md, "what the login page downloads").
        codeSplitting: {
          groups: [
            // Everything the entry imports statically loads at start anyway: one chunk.
            { name: 'app', tags: ['$initial'] },
            // A language's dates and antd's texts load together at start: one file instead of three.
            { name: localeChunk },
            // The login page and what it needs beyond that (form, inputs, the language and theme switches),
            // which the layout's header and most screens use too.
            { name: 'sign-in', test: /features\/account\/(login\.view|auth-frame)|components\/preference-switches/ },
          ],
        },
      },
    },
  },
});
