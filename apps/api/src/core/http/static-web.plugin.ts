import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from './app-error.ts';
import { servePublicAssets } from '../auth/access.plugin.ts';

/**
 * Serves the built web app when `webDistDir` exists. Any GET outside /api that is not a file
 * answers index.html (the SPA router takes it from there); unknown /api routes get a JSON 404.
 */
export const staticWebPlugin = fp<{ webDistDir: string | undefined }>(async (app, { webDistDir }) => {
  const root = webDistDir && existsSync(path.join(webDistDir, 'index.html')) ? path.resolve(webDistDir) : undefined;
  if (root) {
    await app.register(async (scope) => {
      servePublicAssets(scope);
      await scope.register(fastifyStatic, {
        root,
        wildcard: true,
        // The build writes .br/.gz beside each asset (apps/web/scripts/compress-dist.mjs).
        preCompressed: true,
        cacheControl: false,
        // Vite names assets by content hash, so they never change; index.html must always be revalidated.
        setHeaders: (response, filePath) => {
          response.setHeader(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (root && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(createReadStream(path.join(root, 'index.html')));
    }
    throw new AppError('route_not_found');
  });
});
