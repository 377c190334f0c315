import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { isOwnClientId, parseMachineJobTopic, parseTelemetryTopic, TOPIC_ROOT } from '@armature/domain';
import { verifyPassword } from '../../core/auth/password.ts';
import { topicPrefixOf, type MachineDirectory } from './machine-directory.ts';

/** Armature's own ingest login on the embedded broker: made up at each start, never stored nor logged. */
export type InternalCredential = { username: string; password: string };

export function newInternalCredential(): InternalCredential {
  return {
    username: `armature-ingest-${randomBytes(6).toString('hex')}`,
    password: randomBytes(32).toString('base64url'),
  };
}

/** Who a connection authenticated as. */
type Login = { kind: 'ingest' } | { kind: 'machine'; serialNumber: string; topicPrefix: string };

/**
 * A verified machine login is believed this long without scrypt again (a fleet reconnecting after a
 * network cut would otherwise cost 50 ms of CPU per machine), as long as its stored hash is unchanged:
 * new credentials end it at once.
 */
const VERIFIED_LOGIN_MS = 5 * 60_000;

/** Payloads up to this size reach the ingest (which counts those over MAX_PAYLOAD_BYTES as invalid). */
export const MAX_FORWARDED_BYTES = 64 * 1024;

const sha256 = (value: Buffer | string) => createHash('sha256').update(value).digest();

function refusal(returnCode: 4 | 5): AuthenticateError {
  return Object.assign(new Error(returnCode === 4 ? 'bad user name or password' : 'not authorized'), {
    returnCode,
  }) as AuthenticateError;
}

/**
 * How many messages aedes' emitter may hand on synchronously, one from the release of the other, before
 * the next goes on a fresh tick.
 */
export const MAX_SYNC_RELEASES = 32;

/** aedes' message emitter (mqemitter 7): the parts `breakReleaseRecursion` wraps. */
type MessageEmitter = {
  current: number;
  _do: (message: unknown, callback: (error?: unknown) => void) => unknown;
};

/**
 * aedes hands each published message to its emitter (mqemitter), which delivers at most `concurrency`
 * (100) at once and queues the rest. When a delivery finishes, the emitter starts the next queued
 * message **synchronously** from inside that release; a message that no subscriber matches (our ingest
 * reconnecting, or dropped by aedes after it stopped reading for its drain timeout, or `$SYS` news)
 * finishes synchronously too, publishes its PUBACK (`callPublished`) and releases the next one — so a
 * backlog of thousands of such messages recursed thousands of frames deep and ended the process with
 * `RangeError: Maximum call stack size exceeded` (mqemitter's `released` → `_do` → aedes `callPublished`
 * …). Past `MAX_SYNC_RELEASES` nested starts, the next message is started on a fresh tick instead, its
 * slot kept meanwhile, so a message published in between still queues behind it (a machine's messages
 * keep their order). Any error thrown while delivering is counted and logged, not thrown through aedes.
 */
export function breakReleaseRecursion(broker: Aedes, onError: (error: unknown) => void): void {
  const mq = (broker as unknown as { mq: Partial<MessageEmitter> }).mq;
  if (typeof mq._do !== 'function' || typeof mq.current !== 'number')
    throw new Error('aedes’ message emitter is not the mqemitter this broker was written for');
  const emitter = mq as MessageEmitter;
  const start = emitter._do;
  let depth = 0;
  const run = (message: unknown, callback: (error?: unknown) => void) => {
    depth++;
    try {
      start.call(emitter, message, callback);
    } catch (error) {
      onError(error);
    } finally {
      depth--;
    }
  };
  emitter._do = function startDeferred(message, callback) {
    if (depth < MAX_SYNC_RELEASES) {
      run(message, callback);
      return emitter;
    }
    emitter.current++;
    setImmediate(() => {
      emitter.current--;
      run(message, callback);
    });
    return emitter;
  };
}

export type EmbeddedBroker = {
  /** The address it listens on (`mqtt://127.0.0.1:1883`), for Armature's own ingest connection. */
  url: string;
  port: number;
  /** Ends the connections of a machine whose credentials changed. */
  disconnect: (serialNumber: string) => void;
  close: () => Promise<void>;
};

/**
 * The MQTT broker inside `npm start` when MQTT_URL is unset (aedes, MQTT 3.1.1): machines log in with
 * their credentials (anonymous and wrong passwords refused) and a client id of their own
 * (`isOwnClientId`, so no login throws another machine off), publish only their own three channels and
 * their `job-status` (`authorizePublish`, also applied to their last will) and subscribe only to their own
 * `job` topic, which only Armature's login publishes to; the
 * ingest logs in with a credential made up at start. A busy port is logged and leaves telemetry off
 * (null), the rest of the application serving on.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  directory: MachineDirectory;
  internal: InternalCredential;
  log: FastifyBaseLogger;
  /**
   * A machine subscribed to its own `…/job`: its persistent session lives in this process's memory, so after
   * a restart the jobs queued for it are gone from the broker and must be sent again.
   */
  onJobSubscribe?: (serialNumber: string) => void;
}): Promise<EmbeddedBroker | null> {
  const { directory, internal, log } = options;
  const logins = new WeakMap<Client, Login>();
  const verified = new Map<string, { hash: string; proof: Buffer; until: number }>();

  async function machineLogin(username: string, password: Buffer): Promise<Login | null> {
    const machine = await directory.bySerial(username);
    const prefix = machine && topicPrefixOf(machine);
    if (!machine?.passwordHash || !prefix) return null;
    const known = verified.get(username);
    const proof = sha256(password);
    const fresh =
      known && known.hash === machine.passwordHash && known.until > Date.now() && timingSafeEqual(known.proof, proof);
    if (!fresh) {
      if (!(await verifyPassword(password.toString('utf8'), machine.passwordHash))) return null;
      verified.set(username, { hash: machine.passwordHash, proof, until: Date.now() + VERIFIED_LOGIN_MS });
    }
    return { kind: 'machine', serialNumber: machine.serialNumber, topicPrefix: prefix };
  }

  let lastTrouble = 0;
  /** Counted always, logged at most once a minute: a broker in trouble under load must not flood the log. */
  function brokerTrouble(error: unknown, message: string) {
    troubles.count++;
    if (Date.now() - lastTrouble < 60_000) return;
    lastTrouble = Date.now();
    log.error({ err: error, troubles: troubles.count }, message);
  }
  const troubles = { count: 0 };

  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(refusal(5), false);
      if (username === internal.username) {
        const ok = timingSafeEqual(sha256(password), sha256(internal.password));
        if (ok) logins.set(client, { kind: 'ingest' });
        return done(ok ? null : refusal(4), ok);
      }
      // Before the password: a client id of another machine is refused however good the password, and
      // aedes would otherwise end that machine's connection when this one registers.
      if (!isOwnClientId(username, client.id)) return done(refusal(5), false);
      machineLogin(username, password).then(
        (login) => {
          if (login) logins.set(client, login);
          done(login ? null : refusal(4), Boolean(login));
        },
        (error: unknown) => {
          log.error({ err: error }, 'MQTT login check failed');
          done(Object.assign(refusal(5), { returnCode: 3 }) as AuthenticateError, false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      // Far beyond any telemetry payload: not even worth handing to the ingest to count.
      if (packet.payload.length > MAX_FORWARDED_BYTES) return done(new Error('payload too large'));
      let own = false;
      try {
        const login = client && logins.get(client);
        const job = parseMachineJobTopic(packet.topic);
        if (login?.kind === 'ingest') own = job?.channel === 'job';
        else {
          // A machine's own telemetry channels and its own job-status.
          const channel =
            parseTelemetryTopic(packet.topic)?.channel ?? (job?.channel === 'job-status' ? job.channel : null);
          own = login?.kind === 'machine' && channel !== null && packet.topic === `${login.topicPrefix}/${channel}`;
        }
      } catch (error) {
        brokerTrouble(error, 'MQTT publish check failed');
      }
      done(own ? null : new Error(`publishing to ${packet.topic} is not allowed`));
    },
    authorizeSubscribe: (client, subscription, done) => {
      let allowed = false;
      try {
        const login = logins.get(client);
        // A machine reads its own jobs and nothing else (its state, another machine's work).
        allowed =
          login?.kind === 'ingest'
            ? subscription.topic.startsWith(`${TOPIC_ROOT}/`)
            : login?.kind === 'machine' && subscription.topic === `${login.topicPrefix}/job`;
      } catch (error) {
        brokerTrouble(error, 'MQTT subscribe check failed');
      }
      // A refused subscription is answered with the failure code; the connection stays.
      done(null, allowed ? subscription : null);
    },
  });
  broker.on('subscribe', (subscriptions, client) => {
    const login = logins.get(client);
    if (login?.kind !== 'machine') return;
    if (subscriptions.some((subscription) => subscription.topic === `${login.topicPrefix}/job`))
      options.onJobSubscribe?.(login.serialNumber);
  });
  broker.on('clientError', () => {});
  broker.on('connectionError', () => {});
  // aedes emits 'error' for a failed persistence step: unheard, EventEmitter would throw it out of the process.
  (broker as unknown as NodeJS.EventEmitter).on('error', (error: Error) =>
    brokerTrouble(error, 'embedded MQTT broker error'),
  );
  try {
    breakReleaseRecursion(broker, (error) => brokerTrouble(error, 'embedded MQTT broker delivery failed'));
  } catch (error) {
    // Another aedes or mqemitter than the one pinned: serve on, unguarded, and say so.
    log.error({ err: error }, 'the embedded MQTT broker runs without its guard against deep release recursion');
  }

  const server: Server = createServer(broker.handle);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      log.error(
        { err: error, host: options.host, port: options.port },
        `The embedded MQTT broker cannot listen on ${options.host}:${options.port} (${error.code ?? error.message}): ` +
          'telemetry is not received. Free the port, set MQTT_PORT to another one, or set MQTT_URL to use the broker ' +
          'that listens there.',
      );
      resolve(false);
    });
    server.listen(options.port, options.host, () => resolve(true));
  });
  const closeBroker = () => new Promise<void>((resolve) => broker.close(() => resolve()));
  if (!listening) {
    await closeBroker();
    return null;
  }
  server.on('error', (error) => log.error({ err: error }, 'embedded MQTT broker error'));
  const { port } = server.address() as AddressInfo;
  const connectHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return {
    url: `mqtt://${connectHost.includes(':') ? `[${connectHost}]` : connectHost}:${port}`,
    port,
    disconnect: (serialNumber) => {
      verified.delete(serialNumber);
      for (const client of Object.values((broker as unknown as { clients: Record<string, Client> }).clients)) {
        const login = logins.get(client);
        if (login?.kind === 'machine' && login.serialNumber === serialNumber) client.close();
      }
    },
    close: async () => {
      await closeBroker();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
