import {
  startSimulator,
  type SimulatedMachine,
  type Simulator,
} from '../../src/modules/telemetry/simulator/simulator.ts';
import type { Api } from './http.ts';

/** `GET /api/digitalTwin/ingest-stats`: what every API process ingested (summed over them). */
export type IngestStats = {
  received: number;
  accepted: number;
  rejected: Record<string, number>;
  connected: boolean;
  broker: string;
};

const CONNECT_BATCH = 20;

export type FleetFigures = {
  machines: number;
  brokerUrl: string;
  sent: number;
  byChannel: Record<string, number>;
  publishErrors: number;
  firstErrors: string[];
  /** The ingest's counters over the run: the difference of the stats read before and after. */
  ingest: { received: number; accepted: number; rejected: number; rejectedBy: Record<string, number> } | null;
};

/**
 * The machines' telemetry during the run: the project's own simulator (its machine model, one MQTT
 * connection per machine with the credentials the API issued, state retained at connect and on each
 * change, counters every second, alarms), counting what it publishes.
 */
export async function startFleet(admin: Api, brokerUrl: string, machines: SimulatedMachine[], seed: number) {
  const figures: FleetFigures = {
    machines: machines.length,
    brokerUrl,
    sent: 0,
    byChannel: {},
    publishErrors: 0,
    firstErrors: [],
    ingest: null,
  };
  const before = await admin.get<IngestStats>('read-detail', 'digitalTwin/ingest-stats');
  // Connected a batch at a time: each login is a password hash on the broker (scrypt on the embedded
  // one), and 200 at once on a busy machine run past the client's 30 s CONNACK timeout.
  const simulators: Simulator[] = [];
  for (let start = 0; start < machines.length; start += CONNECT_BATCH)
    simulators.push(
      await startSimulator({
        brokerUrl,
        machines: machines.slice(start, start + CONNECT_BATCH),
        seed: seed + start,
        onPublication: (_serial, publication) => {
          figures.sent++;
          figures.byChannel[publication.channel] = (figures.byChannel[publication.channel] ?? 0) + 1;
        },
        onError: (serial, error) => {
          figures.publishErrors++;
          if (figures.firstErrors.length < 5) figures.firstErrors.push(`${serial}: ${error.message}`);
        },
      }),
    );
  return {
    figures,
    /** Stops the machines (offline, disconnected), lets the ingest flush, and reads its counters again. */
    stop: async () => {
      await Promise.all(simulators.map((simulator) => simulator.stop()));
      // The stop publishes each machine's `offline` state itself, past onPublication.
      figures.sent += machines.length;
      figures.byChannel.state = (figures.byChannel.state ?? 0) + machines.length;
      // The ingest flushes within ~100 ms and adds its counts to the shared stats every 5 s.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const after = await admin.get<IngestStats>('read-detail', 'digitalTwin/ingest-stats');
      const rejectedBy = Object.fromEntries(
        Object.entries(after.rejected).map(([reason, n]) => [reason, n - (before.rejected[reason] ?? 0)]),
      );
      figures.ingest = {
        received: after.received - before.received,
        accepted: after.accepted - before.accepted,
        rejected: Object.values(rejectedBy).reduce((sum, n) => sum + n, 0),
        rejectedBy,
      };
      return figures;
    },
  };
}
