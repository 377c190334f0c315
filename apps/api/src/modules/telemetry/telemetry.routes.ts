import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EQUIPMENT_ENDPOINTS } from '@armature/domain';
import { endpointRoute } from '../../core/http/endpoint-route.ts';
import { runWrite } from '../../core/http/idempotency.plugin.ts';
import { newMachinePassword, storeCredentials } from './mqtt-credentials.ts';
import type { TelemetryService } from './telemetry-service.ts';

/** `POST /api/equipment/{id}/mqtt-credentials` and `GET /api/digitalTwin/ingest-stats`. */
export const telemetryRoutes: FastifyPluginAsyncZod<{ telemetry: TelemetryService }> = async (app, { telemetry }) => {
  const tags = ['telemetry'];

  endpointRoute(
    app,
    EQUIPMENT_ENDPOINTS.mqttCredentials,
    async (request, reply) => {
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
    { tags },
  );

  endpointRoute(app, EQUIPMENT_ENDPOINTS.ingestStats, async () => telemetry.stats(), { tags });
};
