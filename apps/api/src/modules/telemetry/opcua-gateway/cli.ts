import { parseArgs } from 'node:util';
import { GatewayConfigError, loadGatewayConfig } from './gateway-config.ts';
import { startOpcuaGateway } from './gateway.ts';

/**
 * `npm run gateway:opcua -- --config <file>`: machines that speak OPC UA, on Armature's MQTT protocol
 * (docs/telemetry.md "OPC UA gateway"). Runs until Ctrl-C; each machine then says `offline`.
 */

const USAGE = `Usage: npm run gateway:opcua -- [--config <file>] [--broker <url>]
  --config <file>   the gateway's JSON configuration (default: OPCUA_GATEWAY_CONFIG)
  --broker <url>    the MQTT broker, unless the file names one (default: MQTT_URL, else mqtt://127.0.0.1:$MQTT_PORT)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: { config: { type: 'string' }, broker: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const path = values.config ?? process.env.OPCUA_GATEWAY_CONFIG;
if (!path) fail('no configuration: give --config <file> or set OPCUA_GATEWAY_CONFIG');

const time = () => new Date().toISOString().slice(11, 19);
let gateway: Awaited<ReturnType<typeof startOpcuaGateway>>;
try {
  const config = await loadGatewayConfig(path);
  gateway = startOpcuaGateway(config, {
    brokerUrl: values.broker ?? process.env.MQTT_URL ?? `mqtt://127.0.0.1:${process.env.MQTT_PORT || 1883}`,
    log: (level, serial, message) => (level === 'info' ? console.log : console.error)(`${time()} ${serial} ${message}`),
  });
  console.log(`${time()} gateway for ${config.machines.length} machine(s) from ${path}; Ctrl-C stops`);
} catch (error) {
  if (error instanceof GatewayConfigError) fail(`${path}:\n${error.message}`);
  throw error;
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await gateway.stop();
  console.log(`${time()} stopped; the machines are offline`);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
