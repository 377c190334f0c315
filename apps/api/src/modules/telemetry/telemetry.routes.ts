import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EQUIPMENT_PERMISSIONS, idParamsSchema, ingestStatsSchema, mqttCredentialsSchema } from '@armature/domain';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { newMachinePassword, storeCredentials } from './mqtt-credentials.ts';
import type { TelemetryService } from './telemetry-service.ts';

/** `POST /api/equipment/{id}/mqtt-credentials` and `GET /api/digitalTwin/ingest-stats`. */
export const telemetryRoutes: FastifyPluginAsyncZod<{ telemetry: TelemetryService }> = async (app, { telemetry }) => {
  const tags = ['telemetry'];

  app.post(
    '/equipment/:id/mqtt-credentials',
    {
      config: { access: EQUIPMENT_PERMISSIONS.credentials },
      schema: { tags, params: idParamsSchema, response: { 201: mqttCredentialsSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      const password = newMachinePassword();
      // The password is shown once and never stored: what an Idempotency-Key keeps (and a retry
      // replays) is the answer without it.
      const issued = await runWrite(request, reply, async (tx) => ({
        ...(await storeCredentials(tx, request.params.id, password, request.author(), telemetry.brokerUrl)),
        password: '',
      }));
      telemetry.credentialsChanged(issued.username);
      return { ...issued, password };
    },
  );

  app.get(
    '/digitalTwin/ingest-stats',
    {
      config: { access: EQUIPMENT_PERMISSIONS.read },
      schema: { tags, response: { 200: ingestStatsSchema } },
    },
    async () => telemetry.stats(),
  );
};
