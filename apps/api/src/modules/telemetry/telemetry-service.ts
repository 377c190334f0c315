import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { parseMachineJobTopic, SILENCE_AFTER_MS, TOPIC_ROOT } from '@armature/domain';
import { TELEMETRY_OFF, type TelemetryConfig } from '../../config/env.ts';
import type { Db } from '../../core/db/client.ts';
import type { EventBus } from '../../core/events/event-bus.ts';
import { MACHINE_JOB_CHANNEL } from '../processing/index.ts';
import {
  MAX_FORWARDED_BYTES,
  newInternalCredential,
  startEmbeddedBroker,
  type EmbeddedBroker,
} from './embedded-broker.ts';
import { IngestCounter, readIngestStats, STATS_FLUSH_MS } from './ingest-stats.ts';
import { MachineDirectory } from './machine-directory.ts';
import { MachineJobPublisher } from './machine-job-publisher.ts';
import { JobStatusIntake } from './machine-job-status.ts';
import { MqttIngest } from './mqtt-ingest.ts';
import { withoutLogin } from './mqtt-credentials.ts';
import { schedulePurge } from './telemetry-purge.job.ts';
import { markSilentMachines } from './telemetry-writer.ts';

/** Every level below the root: `{client}/{product}/{serial}/{channel}`. */
const TELEMETRY_FILTER = `${TOPIC_ROOT}/+/+/+/+`;
/** How often machines that went silent are looked for (a machine is offline after 3 min of silence). */
const SILENCE_CHECK_MS = 30_000;
const PURGE_SCHEDULE_MS = 60 * 60_000;
/** How often the job outbox is looked at besides the wake-ups of commits (a lost NOTIFY waits at most this). */
const JOB_OUTBOX_MS = 2_000;
/** Connection trouble is logged at most this often (a broker down for an hour is one line a minute). */
const LOG_TROUBLE_MS = 60_000;
/**
 * How long the ingest may be cut off from the broker before this process stops vouching for machine
 * states (`deaf`): a reconnection within it (a blip) changes nothing on the board.
 */
export const LINK_GRACE_MS = 5_000;
/** How long Armature's MQTT connection waits before trying the broker again. */
const RECONNECT_MS = 2_000;

/**
 * The telemetry of one API process: the embedded broker (when MQTT_URL is unset), Armature's own MQTT
 * connection and subscription, the ingest, the periodic stats, silence and purge scheduling. With
 * TELEMETRY=off it runs nothing, but still answers where machines connect and the stats others gathered.
 */
export class TelemetryService {
  readonly #config: TelemetryConfig;
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #events: EventBus | null;
  readonly #parallelMachines: number;
  readonly directory: MachineDirectory;
  readonly counter = new IngestCounter();
  #broker: EmbeddedBroker | null = null;
  #client: MqttClient | null = null;
  #ingest: MqttIngest | null = null;
  #jobs: MachineJobPublisher | null = null;
  #jobStatus: JobStatusIntake | null = null;
  #unsubscribeJobs: (() => void) | null = null;
  #timers: NodeJS.Timeout[] = [];
  #lastTrouble = 0;
  /** Since when the subscription has been up without a break (null while disconnected). */
  #listeningSince: number | null = null;
  /** Since when the ingest has not been subscribed (from the start until the first subscription); null while it is. */
  #unheardSince: number | null = null;
  #deafTimer: NodeJS.Timeout | undefined;
  readonly #linkListeners = new Set<() => void>();

  constructor(options: {
    config: TelemetryConfig | undefined;
    db: Db;
    log: FastifyBaseLogger;
    events?: EventBus | null;
    /** How many machines' job-status messages are applied at once (`parallelMachines`). */
    parallelMachines?: number;
  }) {
    this.#config = options.config ?? TELEMETRY_OFF;
    this.#parallelMachines = options.parallelMachines ?? 1;
    this.#db = options.db;
    this.#log = options.log;
    this.#events = options.events ?? null;
    this.directory = new MachineDirectory(options.db);
  }

  get #linkGraceMs(): number {
    return this.#config.linkGraceMs ?? LINK_GRACE_MS;
  }

  get kind(): 'embedded' | 'external' {
    return this.#config.url ? 'external' : 'embedded';
  }

  get connected(): boolean {
    return this.#client?.connected ?? false;
  }

  /**
   * Whether this process ingests telemetry but has been cut off from the broker for LINK_GRACE_MS or
   * more (a broker restart, or not reachable since the start): it hears no machine, so it cannot tell
   * any machine's state. A process that runs no ingest (TELEMETRY=off) is never deaf: it never heard.
   */
  get deaf(): boolean {
    return this.#unheardSince !== null && Date.now() - this.#unheardSince >= this.#linkGraceMs;
  }

  /** Since when this process has been deaf (null when it is not). */
  get deafSince(): Date | null {
    return this.deaf ? new Date(this.#unheardSince!) : null;
  }

  /** Calls `listener` when this process becomes deaf, and when it hears again; returns the unsubscribe. */
  onLinkChange(listener: () => void): () => void {
    this.#linkListeners.add(listener);
    return () => this.#linkListeners.delete(listener);
  }

  /** Where machines connect: MQTT_PUBLIC_URL, else MQTT_URL (without Armature's login), else the embedded broker. */
  get brokerUrl(): string {
    const { publicUrl, url, host, port } = this.#config;
    if (publicUrl) return publicUrl;
    if (url) return withoutLogin(url);
    const shown = host === '0.0.0.0' || host === '::' ? hostname() : host;
    return `mqtt://${shown.includes(':') ? `[${shown}]` : shown}:${this.#broker?.port ?? port}`;
  }

  /** Starts the broker (embedded), the subscription and the timers; `schedulePurges` where jobs can be queued. */
  async start(options: { schedulePurges: boolean }): Promise<void> {
    if (!this.#config.enabled) return;
    this.#unheard();
    const internal = newInternalCredential();
    if (!this.#config.url) {
      this.#broker = await startEmbeddedBroker({
        host: this.#config.host,
        port: this.#config.port,
        directory: this.directory,
        internal,
        log: this.#log,
        onJobSubscribe: (serialNumber) => void this.#guard(async () => this.#jobs?.resend(serialNumber)),
      });
      if (!this.#broker) return;
    }
    this.#ingest = new MqttIngest({ db: this.#db, directory: this.directory, counter: this.counter, log: this.#log });
    const parts = { db: this.#db, directory: this.directory, counter: this.counter, log: this.#log };
    this.#jobStatus = new JobStatusIntake({ ...parts, parallel: this.#parallelMachines });
    this.#jobs = new MachineJobPublisher(parts);
    this.#client = this.#connect(internal);
    this.#jobs.attach(this.#client);
    // Jobs committed by any process wake every publisher; the timer catches a wake-up lost with a LISTEN.
    this.#unsubscribeJobs = this.#events?.subscribe(MACHINE_JOB_CHANNEL, () => this.#jobs?.wake()) ?? null;
    this.#every(JOB_OUTBOX_MS, async () => this.#jobs?.wake());
    this.#every(STATS_FLUSH_MS, () => this.counter.flush(this.#db));
    this.#every(SILENCE_CHECK_MS, () => this.#markSilentMachines());
    if (options.schedulePurges) {
      this.#every(PURGE_SCHEDULE_MS, () => schedulePurge(this.#db));
      void this.#guard(() => schedulePurge(this.#db));
    }
    this.#log.info({ broker: this.kind, url: this.brokerUrl }, 'telemetry ingest started');
  }

  #connect(internal: { username: string; password: string }): MqttClient {
    const external = Boolean(this.#config.url);
    const url = this.#config.url ?? this.#broker!.url;
    const client = connect(url, {
      clientId: `armature-${hostname().slice(0, 20)}-${process.pid}-${randomBytes(3).toString('hex')}`,
      username: external ? this.#config.username : internal.username,
      password: external ? this.#config.password : internal.password,
      // The broker keeps no session for a process that may never come back; the retained state
      // messages and the machines' live rows carry what matters across a restart.
      clean: true,
      // MQTT 5 for shared subscriptions on an external broker; aedes speaks 3.1.1.
      protocolVersion: external ? 5 : 4,
      reconnectPeriod: this.#config.reconnectMs ?? RECONNECT_MS,
      connectTimeout: 10_000,
      // An MQTT 5 broker keeps larger packets from us (the ingest counts those over 4 KiB as invalid).
      properties: external ? { maximumPacketSize: MAX_FORWARDED_BYTES } : undefined,
    });
    // Several API processes split the messages of one shared subscription instead of each taking all.
    const filter = external ? `$share/${this.#config.shareGroup}/${TELEMETRY_FILTER}` : TELEMETRY_FILTER;
    client.on('connect', () => {
      client.subscribe(filter, { qos: 1 }, (error) => {
        if (error) this.#trouble(error, `subscribing to ${filter} failed`);
        else this.#heard();
        this.#jobs?.wake();
      });
    });
    client.on('close', () => {
      this.#listeningSince = null;
      this.#unheard();
    });
    client.on('error', (error) => this.#trouble(error, `MQTT connection to ${withoutLogin(url)} failed`));
    // The acknowledgement waits when the ingest is full: the broker slows down instead of memory growing.
    client.handleMessage = (packet, done) => {
      try {
        // The job channels: a machine's answers are applied to its tasks; the jobs we publish come back to
        // our own subscription and are let go.
        const job = parseMachineJobTopic(packet.topic);
        if (job) {
          if (job.channel === 'job-status')
            this.#jobStatus!.receive({ ...job, raw: packet.topic }, Buffer.from(packet.payload));
          return done();
        }
        this.#ingest!.receive(packet.topic, Buffer.from(packet.payload), packet.retain, () => done());
      } catch (error) {
        // Never thrown through the MQTT client (it would end the connection): logged, and the message let go.
        this.#trouble(error as Error, 'telemetry message could not be taken');
        done();
      }
    };
    return client;
  }

  #heard() {
    this.#listeningSince = Date.now();
    const wasDeaf = this.deaf;
    clearTimeout(this.#deafTimer);
    this.#unheardSince = null;
    if (wasDeaf) this.#linkChanged();
  }

  #unheard() {
    if (this.#unheardSince !== null) return;
    this.#unheardSince = Date.now();
    this.#deafTimer = setTimeout(() => this.#linkChanged(), this.#linkGraceMs);
    this.#deafTimer.unref();
  }

  #linkChanged() {
    for (const listener of [...this.#linkListeners]) listener();
  }

  /**
   * Only a process that has been listening for the whole silence can tell a silent machine: one that
   * was disconnected (a broker restart) heard nothing because it was deaf, and the machines, which do
   * not resend their state, would stay offline while sending counters.
   */
  async #markSilentMachines() {
    if (this.#listeningSince === null || Date.now() - this.#listeningSince < SILENCE_AFTER_MS) return;
    await markSilentMachines(this.#db);
  }

  #trouble(error: Error, message: string) {
    if (Date.now() - this.#lastTrouble < LOG_TROUBLE_MS) return;
    this.#lastTrouble = Date.now();
    this.#log.error({ err: error }, message);
  }

  #every(ms: number, work: () => Promise<unknown>) {
    const timer = setInterval(() => void this.#guard(work), ms);
    timer.unref();
    this.#timers.push(timer);
  }

  async #guard(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.#trouble(error as Error, 'telemetry housekeeping failed');
    }
  }

  /** New credentials for a machine: its cached entry is forgotten and its connections ended. */
  credentialsChanged(serialNumber: string): void {
    this.directory.forget(serialNumber);
    this.#broker?.disconnect(serialNumber);
  }

  stats() {
    return readIngestStats(this.#db, this.counter, { connected: this.connected, kind: this.kind });
  }

  /** Everything checked and written, then the counts stored (tests wait on it; `stop` too). */
  async drain(): Promise<void> {
    await this.#ingest?.drain();
    await this.#jobStatus?.drain();
    await this.#jobs?.idle();
    await this.counter.flush(this.#db);
  }

  async stop(): Promise<void> {
    this.#linkListeners.clear();
    this.#unsubscribeJobs?.();
    this.#jobs?.attach(null);
    clearTimeout(this.#deafTimer);
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    await new Promise<void>((resolve) => (this.#client ? this.#client.end(false, {}, () => resolve()) : resolve()));
    this.#client = null;
    this.#jobStatus?.stop();
    await this.#guard(() => this.drain());
    await this.#broker?.close();
    this.#broker = null;
  }
}
