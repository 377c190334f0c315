import { resolveSecret, type GatewayConfig } from './gateway-config.ts';
import { startMachineGateway, type GatewayLog } from './machine-gateway.ts';

export type { GatewayLog } from './machine-gateway.ts';

export type OpcuaGateway = {
  /** Each machine says `offline` and leaves the broker; the OPC UA sessions close. */
  stop: () => Promise<void>;
};

/**
 * `npm run gateway:opcua`'s work, as a function the tests call: every configured machine between its OPC UA
 * server and the broker (`startMachineGateway`). Secrets named by environment variables are read first, so
 * a missing one stops the start with its name, before anything connects.
 */
export function startOpcuaGateway(
  config: GatewayConfig,
  options: { brokerUrl: string; log: GatewayLog; env?: NodeJS.ProcessEnv },
): OpcuaGateway {
  const prepared = config.machines.map((machine, index) => ({
    machine,
    mqttPassword: resolveSecret(machine.mqtt.password, `machines[${index}].mqtt.password`, options.env),
    opcuaUser: machine.security.user && {
      username: machine.security.user.username,
      password: resolveSecret(machine.security.user.password, `machines[${index}].security.user.password`, options.env),
    },
  }));
  const gateways = prepared.map(({ machine, mqttPassword, opcuaUser }) =>
    startMachineGateway({
      machine,
      nodeMap: config.models[machine.model]!,
      mqttPassword,
      opcuaUser,
      brokerUrl: config.broker ?? options.brokerUrl,
      samplingIntervalMs: config.samplingIntervalMs,
      countersIntervalMs: config.countersIntervalMs,
      pkiDir: config.pkiDir,
      log: options.log,
    }),
  );
  return { stop: async () => void (await Promise.all(gateways.map((gateway) => gateway.stop()))) };
}
