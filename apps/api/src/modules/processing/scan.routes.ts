import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_SCAN_ENDPOINTS, scanIdSchema } from '@armature/domain';
import { AppError } from '../../core/http/app-error.ts';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { scanAnswer } from './bundle.query.ts';

/** Scans a minute per address: a person scans a few tags, a script guessing ids is slowed down. */
export const SCAN_RATE_LIMIT_PER_MINUTE = 30;

/**
 * `GET /api/scan/{scanId}`: public, rate-limited; exactly what the tag shows and whether the bundle
 * left. An unknown id and a malformed one answer the same 404, so ids cannot be probed by shape.
 */
export const scanRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    PUBLIC_SCAN_ENDPOINTS.scan,
    async (request) => {
      const { scanId } = request.params;
      const answer = scanIdSchema.safeParse(scanId).success ? await scanAnswer(app.db, scanId) : null;
      if (!answer) throw new AppError('not_found');
      return answer;
    },
    { tags: ['scan'], perMinute: SCAN_RATE_LIMIT_PER_MINUTE },
  );
};
