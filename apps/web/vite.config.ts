import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API listens on 3000 by default; in development Vite forwards `/api` to it. */
const API_ORIGIN = process.env.ARMATURE_API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': API_ORIGIN } },
  preview: { port: 4173, proxy: { '/api': API_ORIGIN } },
  build: { outDir: process.env.WEB_DIST_DIR ?? 'dist', emptyOutDir: true },
});
