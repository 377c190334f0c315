import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GatewayConfigError, parseGatewayConfig, resolveSecret } from './gateway-config.ts';

const example = async () =>
  JSON.parse(await readFile(new URL('../../../../../../docs/opcua-gateway.example.json', import.meta.url), 'utf8'));

describe('the OPC UA gateway’s configuration file', () => {
  it('takes docs/opcua-gateway.example.json, with the defaults filled in', async () => {
    const config = parseGatewayConfig(await example());
    expect(config.machines[0]).toMatchObject({ serialNumber: 'GJW16-2403-0117', model: 'GJW16' });
    expect(config.models.GJW16!.alarms).toHaveLength(2);
    const minimal = parseGatewayConfig({
      models: { M: { state: { itemState: 'ns=2;i=6021' } } },
      machines: [
        {
          serialNumber: 'S-1',
          clientCode: 'DEMO',
          productCode: 'LINE1',
          model: 'M',
          endpoint: 'opc.tcp://plc:4840',
          mqtt: { password: 'secret' },
        },
      ],
    });
    expect(minimal).toMatchObject({ samplingIntervalMs: 100, countersIntervalMs: 1000 });
    expect(minimal.machines[0]!.security).toEqual({ mode: 'None', policy: 'None' });
    expect(minimal.models.M!.alarms).toEqual([]);
  });

  it('says what is wrong and where, each problem on its line', async () => {
    const config = await example();
    config.machines[0].endpoint = 'http://plc:4840';
    config.machines[0].security.policy = 'None';
    config.machines.push({ ...config.machines[0], model: 'GJW99' });
    config.models.GJW16.state.itemState = 'MachineryItemState';
    config.models.GJW16.jobs.send.call.inputs.push('work..length');
    let error: GatewayConfigError | undefined;
    try {
      parseGatewayConfig(config);
    } catch (caught) {
      error = caught as GatewayConfigError;
    }
    expect(error).toBeInstanceOf(GatewayConfigError);
    const lines = error!.message.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'models.GJW16.state.itemState: must be an OPC UA node id such as "ns=2;s=Machine.State"',
        expect.stringMatching(/^models\.GJW16\.jobs\.send/),
        'machines[0].endpoint: must be an opc.tcp:// address',
        'machines[0].security: mode "None" goes with policy "None", and only with it',
        'machines[1].endpoint: must be an opc.tcp:// address',
      ]),
    );
    // The cross-machine checks run once the file's shape is right.
    const shaped = await example();
    shaped.machines.push({ ...shaped.machines[0], model: 'GJW99' });
    expect(() => parseGatewayConfig(shaped)).toThrow(
      /machines\[1\]\.model: no model "GJW99" in models \(GJW16\)\nmachines\[1\]\.serialNumber: listed twice/,
    );
  });

  it('reads a secret from the environment, and names a missing variable (never a value)', () => {
    expect(resolveSecret('inline', 'x')).toBe('inline');
    expect(resolveSecret({ env: 'P' }, 'x', { P: 'from-env' })).toBe('from-env');
    expect(() => resolveSecret({ env: 'P' }, 'machines[0].mqtt.password', {})).toThrow(
      'machines[0].mqtt.password: the environment variable P is not set',
    );
  });
});
