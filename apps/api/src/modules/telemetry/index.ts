import type { Area } from '../../core/area.ts';
import { digitalTwinRoutes } from './digital-twin.routes.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import { parallelMachines } from './machine-job-status.ts';
import { TelemetryService } from './telemetry-service.ts';
import { purgeTelemetryJob } from './telemetry-purge.job.ts';

export { demoMachinePassword } from './mqtt-credentials.ts';
export { seedMachineCredentials } from './telemetry.seed.ts';
export { readBoard } from './digital-twin.query.ts';

/**
 * Machine telemetry over MQTT (docs/telemetry.md) and the digital twin built from it: the broker (embedded
 * or external), device credentials, the ingest into the equipment's state, counter and alarm history,
 * and the board and machine detail that read it. The broker and the ingest start when the app is ready
 * (unless TELEMETRY=off) and stop when it closes; the purge runs as a background job.
 */
export const telemetryArea: Area = {
  name: 'telemetry',
  jobs: [purgeTelemetryJob],
  routes: async (app) => {
    const telemetry = new TelemetryService({
      config: app.config.telemetry,
      db: app.db,
      log: app.log,
      events: app.events,
      parallelMachines: parallelMachines(app.dbKind, app.config.databasePoolSize),
    });
    // Purges are queued only where background services created the job's queue.
    app.addHook('onReady', () => telemetry.start({ schedulePurges: app.jobs !== null }));
    app.addHook('onClose', () => telemetry.stop());
    // Deaf only while it ingests and the broker has been out of reach past the grace (never with TELEMETRY=off).
    app.healthProbes.push({ code: 'broker_unavailable', down: () => telemetry.deaf });
    await app.register(telemetryRoutes, { telemetry });
    await app.register(digitalTwinRoutes, { prefix: '/digitalTwin', telemetry });
  },
};
