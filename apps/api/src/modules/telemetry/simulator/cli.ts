import { parseArgs } from 'node:util';
import { DEMO_EQUIPMENT } from '../../equipment/index.ts';
import { demoMachinePassword } from '../mqtt-credentials.ts';
import { startSimulator, type SimulatedMachine } from './simulator.ts';

/**
 * `npm run simulate:machines [-- options]`: the demo lines' machines publishing telemetry through the
 * broker with their own (demo) credentials, until Ctrl-C or `--seconds`. docs/telemetry.md describes it.
 */

const USAGE = `Usage: npm run simulate:machines -- [options]
  --broker <url>        the MQTT broker (default: MQTT_URL, else mqtt://127.0.0.1:$MQTT_PORT, else port 1883)
  --machines <s1,s2…>   serial numbers to play (default: every demo machine with telemetry)
  --interval <ms>       how often each machine reports (default 1000)
  --fault <serial>      put that machine into fault, with an active alarm, right after start
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

const machines: SimulatedMachine[] = playable
  .filter((machine) => !wanted || wanted.includes(machine.serialNumber))
  .map((machine) => ({
    serialNumber: machine.serialNumber,
    clientCode: machine.clientCode!,
    productCode: machine.productCode!,
    password: demoMachinePassword(machine.serialNumber),
    idealRate:
      'idealRate' in machine && typeof machine.idealRate === 'number' ? machine.idealRate : FALLBACK_IDEAL_RATE,
  }));

const seconds = positiveInteger('seconds', values.seconds);
const time = () => new Date().toISOString().slice(11, 19);

const simulator = await startSimulator({
  brokerUrl,
  machines,
  intervalMs: positiveInteger('interval', values.interval),
  faultSerial: values.fault,
  seed: positiveInteger('seed', values.seed),
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
  console.log(`${time()} stopped; the machines are offline`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
if (seconds) setTimeout(() => void stop(), seconds * 1000);
