import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { AppError } from './app-error.ts';

/**
 * Security headers, with a CSP the antd SPA (inline styles) and Swagger UI (data: images) work under.
 * The per-IP API request limit lives in process memory: it is defence in depth only; the limits that
 * matter across instances (sign-in throttling) are kept in the database.
 */
export const securityPlugin = fp<{ rateLimitPerMinute: number }>(async (app, { rateLimitPerMinute }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(rateLimit, {
    max: rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only API calls count: one page load fetches dozens of static assets, and a plant's users often
    // share one address behind NAT.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new AppError('rate_limited'),
  });
});
