import { connectAsync, type MqttClient } from 'mqtt';
import { seededRandom, telemetryTopic } from '@armature/domain';
import type { MachineJobMessage, MachineJobStatusMessage } from '@armature/domain';
import { MachineModel, type Publication } from './machine-model.ts';
import { emptyMachineMemory, startJobMachine, type JobMachine, type MachineMemory } from './job-machine.ts';
import type { JobCapability } from './job-runner.ts';

/** A machine the simulator plays: its topic levels, its MQTT password and its ideal rate. */
export type SimulatedMachine = {
  serialNumber: string;
  clientCode: string;
  productCode: string;
  password: string;
  /** Pieces per hour at the ideal cycle time. */
  idealRate: number;
  /** What its model can do: with `jobs` on, it takes its work over `…/job` (else it plays random telemetry). */
  capability?: JobCapability;
};

/** The machines take jobs (docs/telemetry.md "Jobs"); their telemetry then tells what they really do. */
export type JobOptions = {
  /** Simulated time per real time (100: a 10-minute job takes 6 s). Default 1. */
  speed?: number;
  /** Faults per hour of simulated running, per machine (default 0: only on demand). */
  faultRate?: number;
  /** The share of the pieces a machine processes that come out scrap, reported as `scrap` (0–1, default 0). */
  scrapRate?: number;
  /** A fault's mean length in simulated seconds (default 60). */
  faultSeconds?: number;
  /**
   * Each machine's memory by serial number (its queue, the job it runs, the answers not yet
   * acknowledged): pass the same map to a simulator started again and the machines resume their jobs.
   */
  memory?: Map<string, MachineMemory>;
  /** Sees each job or withdrawal a machine received. */
  onJob?: (serialNumber: string, message: MachineJobMessage) => void;
  /** Sees each answer a machine sent. */
  onAnswer?: (serialNumber: string, answer: MachineJobStatusMessage) => void;
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
  /** The machines with a `capability` take jobs. */
  jobs?: JobOptions;
};

export type Simulator = {
  /** Sends each machine's offline state, disconnects them and stops. */
  stop: () => Promise<void>;
  /** Drops every connection as a power cut would (the last wills say offline); job machines keep their memory. */
  kill: () => void;
  /** The machines taking jobs, by serial number. */
  jobMachines: ReadonlyMap<string, JobMachine>;
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
  const jobs = options.jobs;
  const takesJobs = (machine: SimulatedMachine) => Boolean(jobs && machine.capability);
  const jobMachines = new Map<string, JobMachine>();
  const jobConnections = await Promise.allSettled(
    options.machines.filter(takesJobs).map(async (machine) => {
      const memory = jobs!.memory?.get(machine.serialNumber) ?? emptyMachineMemory();
      jobs!.memory?.set(machine.serialNumber, memory);
      const played = await startJobMachine({
        ...machine,
        brokerUrl: options.brokerUrl,
        capability: machine.capability!,
        speed: jobs!.speed ?? 1,
        scrapRate: jobs!.scrapRate ?? 0,
        intervalMs,
        faultRate: jobs!.faultRate ?? 0,
        faultSeconds: jobs!.faultSeconds ?? 60,
        random,
        memory,
        onError: (error) => options.onError?.(machine.serialNumber, error),
        onPublication: (publication) => options.onPublication?.(machine.serialNumber, publication),
        onJob: (message) => jobs!.onJob?.(machine.serialNumber, message),
        onAnswer: (answer) => jobs!.onAnswer?.(machine.serialNumber, answer),
      });
      jobMachines.set(machine.serialNumber, played);
      if (machine.serialNumber === options.faultSerial) played.fault(365 * 24 * 3600);
    }),
  );
  const connections = await Promise.allSettled(
    options.machines
      .filter((machine) => !takesJobs(machine))
      .map(async (machine) => {
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
  const refused = [
    ...options.machines.filter(takesJobs).flatMap((machine, index) => {
      const connection = jobConnections[index]!;
      return connection.status === 'rejected' ? [`${machine.serialNumber}: ${String(connection.reason)}`] : [];
    }),
    ...options.machines
      .filter((machine) => !takesJobs(machine))
      .flatMap((machine, index) => {
        const connection = connections[index]!;
        return connection.status === 'rejected' ? [`${machine.serialNumber}: ${String(connection.reason)}`] : [];
      }),
  ];
  if (refused.length > 0) {
    await Promise.all(players.map(({ client }) => endClient(client)));
    await Promise.all([...jobMachines.values()].map((machine) => machine.stop()));
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
    jobMachines,
    kill: () => {
      clearInterval(timer);
      for (const machine of jobMachines.values()) machine.kill();
      for (const { client } of players) client.end(true);
    },
    stop: async () => {
      clearInterval(timer);
      await Promise.all([...jobMachines.values()].map((machine) => machine.stop()));
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
