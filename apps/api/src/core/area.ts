import type { FastifyPluginAsync } from 'fastify';
import type { AnyJobDefinition } from './jobs/job-definition.ts';

/**
 * A business area as the app assembles it: its routes, registered under `/api` in the order of
 * `src/areas.ts`. Everything else an area offers (tables, services, its seed) other code reaches
 * through the area's `index.ts`.
 */
export type Area = {
  name: string;
  routes: FastifyPluginAsync;
  /** The background-job kinds the area defines (`defineJob`): every API and worker process knows them. */
  jobs?: readonly AnyJobDefinition[];
};
