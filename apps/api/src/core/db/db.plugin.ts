import fp from 'fastify-plugin';
import type { Config } from '../../config/env.ts';
import type { DatabaseKind, Db } from './client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseKind;
    config: Config;
  }
}

export const dbPlugin = fp<{ db: Db; dbKind: DatabaseKind; config: Config }>(async (app, options) => {
  app.decorate('db', options.db);
  app.decorate('dbKind', options.dbKind);
  app.decorate('config', options.config);
});
