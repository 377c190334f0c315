import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], security: [], response: { 200: healthSchema } } },
    async () => {
      // A round trip proves the database answers, not only that the process is up.
      await app.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.dbKind };
    },
  );
};
