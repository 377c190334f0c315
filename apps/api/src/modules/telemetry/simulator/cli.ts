import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_EQUIPMENT, DEMO_MACHINES } from '../../equipment/index.ts';
import { demoMachinePassword } from '../mqtt-credentials.ts';
import type { MachineMemory } from './job-machine.ts';
import type { JobCapability } from './job-runner.ts';
import { startSimulator, type SimulatedMachine } from './simulator.ts';

/**
 * `npm run simulate:machines [-- options]`: the demo lines' machines, each with its own (demo) credentials,
 * taking the jobs Armature sends them and running them at their model's speed, and reporting what they do
 * (state, counters, alarms), until Ctrl-C or `--seconds`. docs/telemetry.md describes it.
 */

const USAGE = `Usage: npm run simulate:machines -- [options]
  --broker <url>        the MQTT broker (default: MQTT_URL, else mqtt://127.0.0.1:$MQTT_PORT, else port 1883)
  --machines <s1,s2…>   serial numbers to play (default: every demo machine with telemetry)
  --interval <ms>       how often each machine reports (default 1000)
  --fault <serial>      put that machine into fault, with an active alarm, right after start (and keep it there)
  --speed <n>           run jobs n times faster than the machine would (default 1)
  --fault-rate <n>      faults per hour of (simulated) running, per machine: the job pauses, an alarm is raised
                        (default 0; \`kill -USR2 <pid>\` faults a running machine on demand)
  --scrap-rate <r>      the share of processed pieces that come out scrap, reported with the job's pieces
                        (0–1, default 0)
  --state <file>        keep the machines' queues and counts in this file, so a restart resumes their jobs
  --telemetry-only      play random states and counters, taking no jobs (as before machines took jobs)
  --seconds <n>         stop after n seconds (default: run until Ctrl-C)
  --seed <n>            repeat a run: the same seed plays the same states and counts`;

/** The ideal rate played for a demo machine whose list entry does not carry its own (pieces per hour). */
const FALLBACK_IDEAL_RATE = 240;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function positiveInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) fail(`--${name} must be a positive whole number (got "${value}")`);
  return number;
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        broker: { type: 'string' },
        machines: { type: 'string' },
        interval: { type: 'string' },
        fault: { type: 'string' },
        seconds: { type: 'string' },
        seed: { type: 'string' },
        speed: { type: 'string' },
        'fault-rate': { type: 'string' },
        'scrap-rate': { type: 'string' },
        state: { type: 'string' },
        'telemetry-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const brokerUrl = values.broker ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT || 1883}`;
const playable = DEMO_EQUIPMENT.filter((machine) => machine.telemetry && machine.clientCode && machine.productCode);
const wanted = values.machines
  ?.split(',')
  .map((serial) => serial.trim())
  .filter(Boolean);
const unknown = wanted?.filter((serial) => !playable.some((machine) => machine.serialNumber === serial)) ?? [];
if (unknown.length > 0)
  fail(
    `not a demo machine with telemetry: ${unknown.join(', ')} (they are ${playable.map((m) => m.serialNumber).join(', ')})`,
  );
if (values.fault && !(wanted ?? playable.map((m) => m.serialNumber)).includes(values.fault))
  fail(`--fault ${values.fault} is not among the machines played`);

/** What a demo machine's model does: its techniques that are job kinds, its diameters and speeds. */
function capabilityOf(serialNumber: string): JobCapability | undefined {
  const model = DEMO_MACHINES.find((machine) => machine.serialNumber === serialNumber);
  if (!model) return undefined;
  return {
    kinds: [
      ...(model.techniques.includes('CUT') ? (['cut'] as const) : []),
      ...(model.techniques.includes('BEND') ? (['bend'] as const) : []),
    ],
    diameterMin: model.diameterMin,
    diameterMax: model.diameterMax,
    idealRate: model.idealRate,
    throughput: model.throughput,
  };
}

const machines: SimulatedMachine[] = playable
  .filter((machine) => !wanted || wanted.includes(machine.serialNumber))
  .map((machine) => ({
    serialNumber: machine.serialNumber,
    clientCode: machine.clientCode!,
    productCode: machine.productCode!,
    password: demoMachinePassword(machine.serialNumber),
    idealRate:
      DEMO_MACHINES.find((model) => model.serialNumber === machine.serialNumber)?.idealRate ?? FALLBACK_IDEAL_RATE,
    capability: capabilityOf(machine.serialNumber),
  }));

function positiveNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) fail(`--${name} must be a number ≥ 0 (got "${value}")`);
  return number;
}

/** The machines' memory, read from `--state` and written back on every change of a queue (a PLC's retentive memory). */
const stateFile = values.state;
const memory = new Map<string, MachineMemory>(
  stateFile && existsSync(stateFile)
    ? (Object.entries(JSON.parse(readFileSync(stateFile, 'utf8'))) as [string, MachineMemory][])
    : [],
);
const saveState = () => {
  if (stateFile) writeFileSync(stateFile, JSON.stringify(Object.fromEntries(memory)));
};

const seconds = positiveInteger('seconds', values.seconds);
const time = () => new Date().toISOString().slice(11, 19);

const simulator = await startSimulator({
  brokerUrl,
  machines,
  intervalMs: positiveInteger('interval', values.interval),
  faultSerial: values.fault,
  seed: positiveInteger('seed', values.seed),
  jobs: values['telemetry-only']
    ? undefined
    : {
        speed: positiveNumber('speed', values.speed) || 1,
        faultRate: positiveNumber('fault-rate', values['fault-rate']) ?? 0,
        scrapRate: Math.min(1, positiveNumber('scrap-rate', values['scrap-rate']) ?? 0),
        memory,
        onJob: (serial, message) => {
          console.log(
            `${time()} ${serial} ${message.type} ${message.seq}${message.type === 'job' ? ` ${message.code}` : ''}`,
          );
          saveState();
        },
        onAnswer: (serial, answer) => {
          if (answer.status !== 'pieces') console.log(`${time()} ${serial} ${answer.status} ${answer.seq}`);
          saveState();
        },
      },
  onError: (serial, error) => console.error(`${time()} ${serial}: ${error.message}`),
  onPublication: (serial, publication) => {
    if (publication.channel === 'state') console.log(`${time()} ${serial} ${publication.payload.state}`);
    if (publication.channel === 'alarm') {
      const { code, text, active } = publication.payload;
      console.log(`${time()} ${serial} alarm ${code} ${active ? 'raised' : 'cleared'}: ${text}`);
    }
  },
}).catch((error: Error) => {
  console.error(`cannot start on ${brokerUrl}: ${error.message}`);
  return process.exit(1);
});
console.log(
  `${time()} playing ${machines.length} machine(s) on ${brokerUrl}${seconds ? ` for ${seconds} s` : ''}; Ctrl-C stops`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await simulator.stop();
  saveState();
  console.log(`${time()} stopped; the machines are offline`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
// A fault on demand: the first machine running a job stops on it (its job pauses) for a while.
process.on('SIGUSR2', () => {
  const running = [...simulator.jobMachines.entries()].find(([, machine]) => machine.runner.state === 'running');
  if (!running) return console.log(`${time()} no machine runs a job: no fault`);
  running[1].fault();
  console.log(`${time()} ${running[0]} fault on demand`);
});
if (seconds) setTimeout(() => void stop(), seconds * 1000);
