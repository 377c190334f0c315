import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { errorBody } from './app-error.ts';
import { localeOf } from './errors.plugin.ts';

/** What this process needs besides its database to do its work, as `/api/health` asks it (the MQTT broker). */
export type HealthProbe = { code: 'broker_unavailable'; down: () => boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Areas add the dependencies they cannot work without; `/api/health` answers 503 while one is down. */
    healthProbes: HealthProbe[];
  }
}

const HEALTH_UNAVAILABLE = ['database_unavailable', 'broker_unavailable'] as const;

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unavailableSchema = z
  .object({ error: z.object({ code: z.enum(HEALTH_UNAVAILABLE), message: z.string() }) })
  .describe('The database, or the MQTT broker of a process that ingests telemetry, cannot be reached');

/** What a load balancer or monitor waits before asking again: about what a restart of either takes. */
const RETRY_AFTER_SECONDS = 5;

// A plugin without encapsulation: the areas registered after it see `healthProbes`.
export const healthRoutes = fp<Record<never, never>>(async (app) => {
  app.decorate('healthProbes', []);
  const routes: FastifyPluginAsyncZod = async (scope) => {
    scope.get(
      '/health',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], security: [], response: { 200: healthSchema, 503: unavailableSchema } },
      },
      async (request, reply) => {
        const problem = (await databaseAnswers(app))
          ? app.healthProbes.find((probe) => probe.down())?.code
          : 'database_unavailable';
        if (problem)
          return reply
            .code(503)
            .header('retry-after', String(RETRY_AFTER_SECONDS))
            .send(errorBody(problem, localeOf(request)) as z.infer<typeof unavailableSchema>);
        return { status: 'ok' as const, database: app.dbKind };
      },
    );
  };
  await app.register(routes);
});

/**
 * A round trip proves the database answers, not only that the process is up. Whatever stops it (no
 * connection, a closed pool, a timeout) is the database being unavailable to this process.
 */
async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  try {
    await app.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
