import { connect, type MqttClient } from 'mqtt';
import {
  machineJobMessageSchema,
  machineJobTopic,
  telemetryTopic,
  type MachineJobMessage,
  type MachineJobStatusMessage,
} from '@armature/domain';
import { JobRunner, emptyJobMemory, type JobAnswer, type JobCapability, type JobMemory } from './job-runner.ts';
import type { Random } from '@armature/domain';
import type { Publication } from './machine-model.ts';

/**
 * A simulated machine that takes its work over MQTT (docs/telemetry.md "Jobs"): it connects with its own
 * login and a persistent session, listens to its own `…/job` (QoS 1), runs what it is sent with a
 * `JobRunner`, answers on `…/job-status` and reports its state, counters and alarms from what it really
 * does — running while it works a job, idle when its queue is empty, in fault (with an alarm) when a fault
 * holds it; its counters grow by the pieces it makes. Answers the broker has not acknowledged are kept in
 * its memory and sent again when it starts again (store and forward).
 */

/** What a machine keeps across a restart: its controller's state and the answers not yet acknowledged. */
export type MachineMemory = { jobs: JobMemory; unsent: MachineJobStatusMessage[] };
export const emptyMachineMemory = (): MachineMemory => ({ jobs: emptyJobMemory(), unsent: [] });

export type JobMachineOptions = {
  brokerUrl: string;
  serialNumber: string;
  clientCode: string;
  productCode: string;
  password: string;
  capability: JobCapability;
  /** Simulated time per real time. */
  speed: number;
  /** The share of processed pieces that come out scrap (0–1). */
  scrapRate: number;
  /** How often it reports its counters (real ms). */
  intervalMs: number;
  /** Faults per hour of simulated running (0: only on demand). */
  faultRate: number;
  /** A fault's mean length, simulated seconds. */
  faultSeconds: number;
  random: Random;
  memory: MachineMemory;
  onError?: (error: Error) => void;
  onPublication?: (publication: Publication) => void;
  onJob?: (message: MachineJobMessage) => void;
  onAnswer?: (answer: MachineJobStatusMessage) => void;
};

export type JobMachine = {
  runner: JobRunner;
  /** A fault now, for `seconds` of simulated time (default: a random length about `faultSeconds`). */
  fault: (seconds?: number) => void;
  /** Sends its offline state and disconnects. */
  stop: () => Promise<void>;
  /** Drops the connection as a power cut would (its last will says offline); its memory stays. */
  kill: () => void;
};

const FAULT = { code: 'E-204', text: '剪切刀未到位 shear blade not in position', severity: 'error' } as const;
/** The longest it sleeps with nothing due (real ms), so a fault's end is seen soon. */
const MAX_SLEEP_MS = 250;

export async function startJobMachine(options: JobMachineOptions): Promise<JobMachine> {
  const { memory, speed } = options;
  const runner = new JobRunner(options.capability, speed, memory.jobs, options.scrapRate);
  const parts = options;
  const jobTopic = machineJobTopic(parts, 'job');
  const client: MqttClient = connect(options.brokerUrl, {
    // The broker accepts a machine's own client ids only (`isOwnClientId`); the same id each time finds
    // the persistent session, with the jobs queued while it was away.
    clientId: `${options.serialNumber}/simulator`,
    username: options.serialNumber,
    password: options.password,
    clean: false,
    reconnectPeriod: 1000,
    // A fleet logging in at once on a loaded broker (a scrypt check each) takes longer than mqtt.js's 30 s.
    connectTimeout: 120_000,
    protocolVersion: 4,
    will: {
      topic: telemetryTopic(parts, 'state'),
      payload: Buffer.from(JSON.stringify({ state: 'offline' })),
      qos: 1,
      retain: true,
    },
  });
  let ended = false;
  let timer: NodeJS.Timeout | undefined;
  let lastState: string | null = null;
  let countersAt = 0;

  const publishRaw = (topic: string, payload: unknown, retain = false) =>
    client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain });
  const publish = (publication: Publication) => {
    options.onPublication?.(publication);
    publishRaw(telemetryTopic(parts, publication.channel), publication.payload, publication.retain).catch(
      (error: Error) => ended || options.onError?.(error),
    );
  };
  /** Sends an answer; it stays in memory until the broker acknowledged it. */
  const sendStored = (message: MachineJobStatusMessage) => {
    options.onAnswer?.(message);
    publishRaw(machineJobTopic(parts, 'job-status'), message)
      .then(() => {
        const index = memory.unsent.indexOf(message);
        if (index >= 0) memory.unsent.splice(index, 1);
      })
      .catch((error: Error) => ended || options.onError?.(error));
  };
  const answer = (answers: JobAnswer[]) => {
    for (const each of answers) {
      const message = { ...each, ts: new Date().toISOString() } as MachineJobStatusMessage;
      memory.unsent.push(message);
      sendStored(message);
    }
  };

  const report = (now: number, force = false) => {
    const at = new Date(now).toISOString();
    const state = runner.state;
    if (state !== lastState) {
      if (state === 'fault') publish({ channel: 'alarm', payload: { ...FAULT, active: true, ts: at }, retain: false });
      if (lastState === 'fault')
        publish({ channel: 'alarm', payload: { ...FAULT, active: false, ts: at }, retain: false });
      const mode = state === 'fault' ? {} : { mode: 'processing' as const };
      publish({ channel: 'state', payload: { state, ...mode, ts: at }, retain: true });
      lastState = state;
      force = true;
    }
    if (force || now - countersAt >= options.intervalMs) {
      countersAt = now;
      publish({ channel: 'counters', payload: { ...memory.jobs.counters, ts: at }, retain: false });
    }
  };

  const faultFor = (now: number, seconds: number) => answer(runner.fault(now + (seconds * 1000) / speed));
  const randomFaultSeconds = () => Math.max(3, -Math.log(1 - options.random()) * options.faultSeconds);

  /** Runs the clock to now, answers, reports, and sleeps until the next thing due. */
  const tick = () => {
    clearTimeout(timer);
    if (ended) return;
    const now = Date.now();
    const countsBefore = memory.jobs.counters.pieces;
    const running = runner.state === 'running';
    answer(runner.advance(now));
    if (running && options.faultRate > 0 && runner.state === 'running') {
      const hours = (MAX_SLEEP_MS * speed) / 3_600_000;
      if (options.random() < 1 - Math.exp(-options.faultRate * hours)) faultFor(now, randomFaultSeconds());
    }
    report(now, memory.jobs.counters.pieces !== countsBefore && runner.state !== 'running');
    const due = runner.nextEventIn();
    const sleep = Math.min(MAX_SLEEP_MS, options.intervalMs, due === null ? MAX_SLEEP_MS : Math.max(1, due));
    timer = setTimeout(tick, sleep);
  };

  client.on('message', (topic, payload) => {
    if (topic !== jobTopic) return;
    let message: MachineJobMessage;
    try {
      message = machineJobMessageSchema.parse(JSON.parse(String(payload)));
    } catch (error) {
      options.onError?.(new Error(`a job message it cannot read: ${(error as Error).message}`));
      return;
    }
    options.onJob?.(message);
    answer(runner.receive(message));
    tick();
  });
  client.on('error', (error) => options.onError?.(error));

  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  await client.subscribeAsync(jobTopic, { qos: 1 });
  // What was said but not acknowledged before a restart goes first, then where the running job stands.
  for (const message of [...memory.unsent]) sendStored(message);
  answer(runner.resumeAnswers(Date.now()));
  tick();

  return {
    runner,
    fault: (seconds) => {
      faultFor(Date.now(), seconds ?? randomFaultSeconds());
      tick();
    },
    stop: async () => {
      ended = true;
      clearTimeout(timer);
      await publishRaw(telemetryTopic(parts, 'state'), { state: 'offline', ts: new Date().toISOString() }, true).catch(
        () => {},
      );
      await client.endAsync().catch(() => client.end(true));
    },
    kill: () => {
      ended = true;
      clearTimeout(timer);
      client.end(true);
    },
  };
}
