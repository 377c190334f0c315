import { connectAsync, type MqttClient } from 'mqtt';
import { telemetryTopic } from '@armature/domain';
import { MachineModel, seededRandom, type Publication } from './machine-model.ts';

/** A machine the simulator plays: its topic levels, its MQTT password and its ideal rate. */
export type SimulatedMachine = {
  serialNumber: string;
  clientCode: string;
  productCode: string;
  password: string;
  /** Pieces per hour at the ideal cycle time. */
  idealRate: number;
};

export type SimulatorOptions = {
  /** `mqtt://127.0.0.1:1883` */
  brokerUrl: string;
  machines: readonly SimulatedMachine[];
  /** How often each machine reports its counters (and moves on), in ms. */
  intervalMs?: number;
  /** A machine put into fault, with an active alarm, at start and kept there. */
  faultSerial?: string;
  /** The same seed plays the same states, faults and counts. */
  seed?: number;
  /** Where a publication or connection that failed is told (the run goes on). */
  onError?: (serialNumber: string, error: Error) => void;
  /** Sees every message sent (the command line prints the states and alarms). */
  onPublication?: (serialNumber: string, publication: Publication) => void;
};

export type Simulator = {
  /** Sends each machine's offline state, disconnects them and stops. */
  stop: () => Promise<void>;
};

/**
 * Plays the given machines against an MQTT broker, each with its own login (user name = serial
 * number) as a real machine would: its retained state at connect and on each change, its counters
 * every interval, alarms raised and cleared, and a last will of `offline` should it vanish. A graceful
 * stop sends `offline` itself (a last will goes only when a connection dies).
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const intervalMs = options.intervalMs ?? 1000;
  const random = seededRandom(options.seed ?? Date.now());
  const connections = await Promise.allSettled(
    options.machines.map(async (machine) => {
      const model = new MachineModel(
        machine.serialNumber,
        machine.idealRate,
        random,
        machine.serialNumber === options.faultSerial,
      );
      const topicOf = (channel: Publication['channel']) => telemetryTopic(machine, channel);
      const client = await connectAsync(
        options.brokerUrl,
        {
          // The broker accepts a machine's own client ids only (`isOwnClientId`).
          clientId: `${machine.serialNumber}/simulator`,
          username: machine.serialNumber,
          password: machine.password,
          reconnectPeriod: 1000,
          will: {
            topic: topicOf('state'),
            payload: Buffer.from(JSON.stringify({ state: 'offline' })),
            qos: 1,
            retain: true,
          },
        },
        false,
      );
      // Later errors (a dropped connection, retried every second) must not end the process.
      client.on('error', (error) => options.onError?.(machine.serialNumber, error));
      return { machine, model, client, topicOf };
    }),
  );
  const players = connections.flatMap((connection) => (connection.status === 'fulfilled' ? [connection.value] : []));
  const refused = options.machines.flatMap((machine, index) => {
    const connection = connections[index]!;
    return connection.status === 'rejected' ? [`${machine.serialNumber}: ${String(connection.reason)}`] : [];
  });
  if (refused.length > 0) {
    await Promise.all(players.map(({ client }) => endClient(client)));
    throw new Error(`${refused.length} machine(s) could not connect: ${refused.join('; ')}`);
  }

  const publish = (player: (typeof players)[number], publication: Publication) => {
    options.onPublication?.(player.machine.serialNumber, publication);
    player.client
      .publishAsync(player.topicOf(publication.channel), JSON.stringify(publication.payload), {
        qos: 1,
        retain: publication.retain,
      })
      .catch((error: Error) => options.onError?.(player.machine.serialNumber, error));
  };

  const started = new Date();
  for (const player of players)
    for (const publication of player.model.startPublications(started)) publish(player, publication);

  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    const seconds = (now - last) / 1000;
    last = now;
    const at = new Date(now);
    for (const player of players)
      for (const publication of player.model.step(seconds, at)) publish(player, publication);
  }, intervalMs);

  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(
        players.map(async ({ client, topicOf }) => {
          await client
            .publishAsync(topicOf('state'), JSON.stringify({ state: 'offline', ts: new Date().toISOString() }), {
              qos: 1,
              retain: true,
            })
            .catch(() => {});
          await endClient(client);
        }),
      );
    },
  };
}

async function endClient(client: MqttClient): Promise<void> {
  await client.endAsync().catch(() => client.end(true));
}
