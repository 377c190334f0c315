// `npm run mqtt:mosquitto-acl -- --out <dir> (--serial <serial>… | --all) [--ingest-user armature]`:
// Mosquitto's password, ACL and configuration files for Armature's machines (docs/telemetry.md, "Mosquitto").
// The chosen machines get fresh credentials, printed once; then reload Mosquitto (SIGHUP).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../core/db/client.ts';
import { writeMosquittoFiles } from './mosquitto-files.ts';
import { withoutLogin } from './mqtt-credentials.ts';

/** A URL's port, else MQTT's own (8883 with TLS). */
const portOf = (url: URL) => Number(url.port || (url.protocol === 'mqtts:' ? 8883 : 1883));

const USAGE =
  'usage: npm run mqtt:mosquitto-acl -- --out <dir> (--serial <serial number>… | --all) [--ingest-user <name>]';

try {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      serial: { type: 'string', multiple: true, default: [] },
      all: { type: 'boolean', default: false },
      'ingest-user': { type: 'string' },
    },
  });
  if (!values.out || (!values.all && !values.serial.length)) throw new ConfigError(USAGE);
  const config = loadConfig();
  const telemetry = config.telemetry!;
  const ingest = telemetry.url ? new URL(telemetry.url) : null;
  const machines = telemetry.publicUrl ? new URL(telemetry.publicUrl) : null;
  if (!ingest || !machines || portOf(ingest) === portOf(machines))
    throw new ConfigError(
      'Set MQTT_URL to Mosquitto’s listener for Armature’s ingest and MQTT_PUBLIC_URL to the one the machines ' +
        'connect to, on another port (docs/telemetry.md, "On Mosquitto").',
    );
  const handle = openDatabase(config);
  try {
    const files = await writeMosquittoFiles(handle.db, {
      out: values.out,
      serials: values.serial,
      all: values.all,
      ingestUser: values['ingest-user'] ?? telemetry.username ?? 'armature',
      ingestPassword: telemetry.password,
      brokerUrl: withoutLogin(machines.href),
      listeners: { machinePort: portOf(machines), ingest: { host: ingest.hostname, port: portOf(ingest) } },
    });
    console.log(
      `Wrote ${files.passwordFile}, ${files.aclFile} and ${files.confFile}. Reload Mosquitto (kill -HUP <pid>); ` +
        'restart it when its listeners changed.',
    );
    if (files.ingestPassword)
      console.log(`Armature's own login: set MQTT_USERNAME and MQTT_PASSWORD=${files.ingestPassword}`);
    console.log('New machine credentials (shown once; the previous passwords no longer work):');
    console.table(files.issued.map(({ username, password, topicPrefix }) => ({ username, password, topicPrefix })));
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof TypeError ? error.message : error);
  process.exit(1);
}
