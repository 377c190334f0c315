import { connectAsync, type MqttClient } from 'mqtt';
import {
  machineJobMessageSchema,
  machineJobTopic,
  telemetryTopic,
  type MachineJobMessage,
  type TelemetryChannel,
} from '@armature/domain';
import type { GatewayAction, GatewayMachine, NodeMap } from './gateway-config.ts';
import { openOpcuaLink, OpcuaWriteError, type OpcuaLink } from './opcua-link.ts';
import {
  alarmActive,
  countersFrom,
  inputValue,
  jobStatusMessages,
  machineryToTelemetryState,
  type JobReport,
} from './opcua-values.ts';

export type GatewayLog = (level: 'info' | 'warn' | 'error', serialNumber: string, message: string) => void;

export type MachineGatewayOptions = {
  machine: GatewayMachine;
  nodeMap: NodeMap;
  /** Secrets already read (the configuration may name environment variables). */
  mqttPassword: string;
  opcuaUser?: { username: string; password: string };
  brokerUrl: string;
  samplingIntervalMs: number;
  countersIntervalMs: number;
  pkiDir?: string;
  log: GatewayLog;
};

const MAX_BACKOFF_MS = 10_000;
/** Jobs already handed to the machine, remembered so that one the broker delivers again is not written twice. */
const REMEMBERED_JOBS = 1000;

/**
 * One machine between its OPC UA server and Armature's broker. It logs into the broker as the machine
 * (user name = serial number, client id `<serial>/opcua`, a persistent session and a last will of
 * `offline`) only while its OPC UA session is up: when the machine cannot be reached it says `offline`
 * and leaves, so the broker keeps its jobs until it is back. Jobs are handed over in the order received;
 * one the link failed to hand stays first in line for the machine's return (MQTT 3.1.1 acknowledges on
 * receipt, so only a gateway stopped in between loses it); a machine that refuses one (a Bad status) has
 * it rejected. Both sides reconnect: OPC UA with a backoff up to 10 s, MQTT every second.
 */
export function startMachineGateway(options: MachineGatewayOptions): { stop: () => Promise<void> } {
  const { machine, nodeMap, log } = options;
  const serial = machine.serialNumber;
  const topic = (channel: TelemetryChannel) => telemetryTopic(machine, channel);
  const jobTopic = machineJobTopic(machine, 'job');
  const statusTopic = machineJobTopic(machine, 'job-status');

  let stopped = false;
  let link: OpcuaLink | null = null;
  let mqtt: MqttClient | null = null;
  let wake: (() => void) | null = null;
  /** Ends the current OPC UA session's life (the link dropped, a write failed, or the gateway stops). */
  let endSession: (reason: string) => void = () => {};
  const values = new Map<string, unknown>();
  let sentState = '';
  const sentAlarms = new Map<string, boolean>();
  let countersDirty = false;
  let jobReport: JobReport | null = null;
  let jobRead: Promise<void> | null = null;
  let jobReadAgain = false;
  const handedJobs = new Set<string>();
  /** Jobs and withdrawals received and not handed to the machine yet, in order (kept across OPC UA sessions). */
  const pending: MachineJobMessage[] = [];
  let draining = false;

  const now = () => new Date().toISOString();
  const publish = (topicName: string, payload: object, retain = false) =>
    mqtt
      ? mqtt.publishAsync(topicName, JSON.stringify(payload), { qos: 1, retain }).then(
          () => undefined,
          (error: Error) => log('warn', serial, `publishing on ${topicName}: ${error.message}`),
        )
      : Promise.resolve();

  function sendState(force = false) {
    const { itemState, operationMode } = nodeMap.state;
    const state = machineryToTelemetryState(
      values.get(itemState),
      operationMode ? values.get(operationMode) : undefined,
    );
    if (!state || !mqtt) return;
    const key = JSON.stringify(state);
    if (key === sentState && !force) return;
    sentState = key;
    void publish(topic('state'), { ...state, ts: now() }, true);
  }

  function sendCounters() {
    const nodes = nodeMap.counters;
    if (!nodes || !countersDirty || !mqtt?.connected) return;
    const counters = countersFrom(
      {
        pieces: values.get(nodes.pieces),
        good: nodes.good && values.get(nodes.good),
        scrap: nodes.scrap && values.get(nodes.scrap),
      },
      Boolean(nodes.good),
      Boolean(nodes.scrap),
    );
    countersDirty = false;
    if (counters) void publish(topic('counters'), { ...counters, ts: now() });
  }

  function sendAlarm(alarm: NodeMap['alarms'][number], force = false) {
    if (!mqtt || !values.has(alarm.nodeId)) return;
    const active = alarmActive(values.get(alarm.nodeId));
    if (sentAlarms.get(alarm.code) === active && !(force && active)) return;
    sentAlarms.set(alarm.code, active);
    const { code, text, severity } = alarm;
    void publish(topic('alarm'), { code, text: active ? text : '', severity, active, ts: now() });
  }

  /** Reads the job nodes together (one snapshot, not values from different moments) and sends what changed. */
  function readJob() {
    const jobs = nodeMap.jobs;
    if (!jobs || !link || !mqtt) return;
    if (jobRead) {
      jobReadAgain = true;
      return;
    }
    const current = link;
    const nodes = jobs.status;
    const keys = ['taskId', 'seq', 'state', 'good', 'scrap', 'rejectCode', 'rejectText'] as const;
    const present = keys.filter((key) => nodes[key] !== undefined);
    jobRead = (async () => {
      do {
        jobReadAgain = false;
        const read = await current.read(present.map((key) => nodes[key]!));
        const snapshot = Object.fromEntries(present.map((key, index) => [key, read[index]]));
        const { messages, report } = jobStatusMessages(
          snapshot as Parameters<typeof jobStatusMessages>[0],
          jobReport,
          nodes,
          now(),
        );
        jobReport = report;
        for (const message of messages) {
          log('info', serial, `job ${message.seq} ${message.status}`);
          await publish(statusTopic, message);
        }
      } while (jobReadAgain && !stopped);
    })()
      .catch((error: Error) => log('warn', serial, `reading the job nodes: ${error.message}`))
      .finally(() => {
        jobRead = null;
      });
  }

  /** Hands a job or withdrawal to the machine; resolves true once it took it (or refused it for good). */
  async function hand(message: MachineJobMessage, action: GatewayAction): Promise<void> {
    const current = link;
    if (!current) throw new Error('the machine is not connected');
    if ('call' in action)
      await current.call(
        action.call.objectId,
        action.call.methodId,
        action.call.inputs.map((input) => inputValue(message, input)),
      );
    else
      await current.write(
        action.write.map((write) => ({ nodeId: write.nodeId, value: inputValue(message, write.value) })),
      );
  }

  function parseJobMessage(payload: Buffer): MachineJobMessage | null {
    try {
      return machineJobMessageSchema.parse(JSON.parse(payload.toString('utf8')));
    } catch {
      log('warn', serial, 'a message on the job topic that is not a job or a withdrawal was dropped');
      return null;
    }
  }

  /** Hands one message over; a machine that refuses a job (a Bad status) has it rejected, as it would itself. */
  async function handOne(message: MachineJobMessage): Promise<void> {
    const key = `${message.type}:${message.taskId}:${message.seq}`;
    if (handedJobs.has(key)) return;
    const action = message.type === 'job' ? nodeMap.jobs?.send : nodeMap.jobs?.withdraw;
    if (!action) {
      log('warn', serial, `${message.type} ${message.seq} not handed: the node map has no way to give it`);
      return;
    }
    try {
      await hand(message, action);
      log('info', serial, `${message.type} ${message.seq} handed to the machine`);
    } catch (error) {
      if (!(error instanceof OpcuaWriteError)) throw error;
      log('warn', serial, `${message.type} ${message.seq} refused by the machine: ${error.message}`);
      if (message.type === 'job')
        await publish(statusTopic, {
          status: 'rejected',
          taskId: message.taskId,
          seq: message.seq,
          code: `OPCUA_${error.statusName}`.slice(0, 32),
          text: error.message.slice(0, 200),
          ts: now(),
        });
    }
    handedJobs.add(key);
    if (handedJobs.size > REMEMBERED_JOBS) handedJobs.delete(handedJobs.values().next().value!);
  }

  /**
   * Hands the received messages over in order, one at a time. One that cannot be handed because the link
   * failed stays first in line for the next OPC UA session (which starts over from a fresh connection).
   */
  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (pending.length > 0 && link && !stopped) {
        await handOne(pending[0]!);
        pending.shift();
      }
    } catch (error) {
      log('warn', serial, `a job could not be handed to the machine, kept for its return: ${(error as Error).message}`);
      endSession('write failed');
    } finally {
      draining = false;
    }
  }

  async function connectBroker(): Promise<MqttClient> {
    const client = await connectAsync(
      options.brokerUrl,
      {
        username: serial,
        password: options.mqttPassword,
        clientId: `${serial}/opcua`,
        clean: false,
        protocolVersion: 4,
        reconnectPeriod: 1000,
        connectTimeout: 10_000,
        will: {
          topic: topic('state'),
          payload: Buffer.from(JSON.stringify({ state: 'offline' })),
          qos: 1,
          retain: true,
        },
      },
      // No retries here: a broker that cannot be reached fails this session, retried with the OPC UA backoff.
      false,
    );
    client.on('error', (error) => log('warn', serial, `MQTT: ${error.message}`));
    client.on('connect', () => void onBrokerConnected(client));
    client.on('message', (_topic, payload) => {
      const message = parseJobMessage(payload);
      if (message) pending.push(message);
      void drain();
    });
    return client;
  }

  /** After each (re)connection: the current state retained, counters, active alarms, the job, and the job topic. */
  async function onBrokerConnected(client: MqttClient) {
    sendState(true);
    countersDirty = true;
    sendCounters();
    for (const alarm of nodeMap.alarms) sendAlarm(alarm, true);
    readJob();
    await client.subscribeAsync(jobTopic, { qos: 1 }).catch((error: Error) => log('warn', serial, error.message));
  }

  /** One OPC UA session's life: watch the nodes, join the broker, serve until the session drops. */
  async function serve(): Promise<void> {
    const ended = new Promise<string>((resolve) => (endSession = resolve));
    link = await openOpcuaLink({
      endpoint: machine.endpoint,
      securityMode: machine.security.mode,
      securityPolicy: machine.security.policy,
      user: options.opcuaUser,
      pkiDir: options.pkiDir,
      samplingIntervalMs: options.samplingIntervalMs,
      onLost: (reason) => endSession(reason),
    });
    if (stopped) return;
    log('info', serial, `OPC UA session open on ${machine.endpoint}`);
    const { state, counters, alarms, jobs } = nodeMap;
    const stateNodes = [state.itemState, ...(state.operationMode ? [state.operationMode] : [])];
    await link.watch(stateNodes, (nodeId, value) => {
      values.set(nodeId, value);
      sendState();
    });
    if (counters)
      await link.watch(
        [counters.pieces, counters.good, counters.scrap].filter((id) => id !== undefined),
        (id, value) => {
          values.set(id, value);
          countersDirty = true;
        },
      );
    await link.watch(
      alarms.map((alarm) => alarm.nodeId),
      (nodeId, value) => {
        values.set(nodeId, value);
        for (const alarm of alarms) if (alarm.nodeId === nodeId) sendAlarm(alarm);
      },
    );
    if (jobs)
      await link.watch(
        [jobs.status.taskId, jobs.status.seq, jobs.status.state, jobs.status.good, jobs.status.scrap].filter(
          (id) => id !== undefined,
        ),
        () => readJob(),
      );
    if (stopped) return;
    mqtt = await connectBroker();
    log('info', serial, `on the broker as ${serial}`);
    await onBrokerConnected(mqtt);
    void drain();
    const reason = await ended;
    if (!stopped) log('warn', serial, `OPC UA ${reason}`);
  }

  /** Says `offline` (retained) and leaves the broker, which then keeps the machine's jobs; closes the OPC UA link. */
  async function leave() {
    const client = mqtt;
    mqtt = null;
    if (client) {
      if (client.connected)
        await client
          .publishAsync(topic('state'), JSON.stringify({ state: 'offline', ts: now() }), { qos: 1, retain: true })
          .catch(() => {});
      await client.endAsync().catch(() => client.end(true));
    }
    sentState = '';
    sentAlarms.clear();
    await jobRead;
    await link?.close();
    link = null;
  }

  const counterTimer = setInterval(sendCounters, options.countersIntervalMs);
  const running = (async () => {
    let backoff = 1000;
    while (!stopped) {
      try {
        await serve();
        backoff = 1000;
      } catch (error) {
        if (!stopped) log('warn', serial, `cannot reach the machine: ${(error as Error).message}`);
      }
      await leave();
      if (stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoff);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  })();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(counterTimer);
      endSession('stopping');
      wake?.();
      await running;
    },
  };
}
