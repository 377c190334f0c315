// `npm run mqtt:mosquitto-acl -- --out <dir> (--serial <serial>… | --all) [--ingest-user armature]`:
// Mosquitto's password and ACL files for Armature's machines (docs/telemetry.md, "Mosquitto"). The
// chosen machines get fresh credentials, printed once; then reload Mosquitto (SIGHUP).
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../core/db/client.ts';
import { writeMosquittoFiles } from './mosquitto-files.ts';
import { withoutLogin } from './mqtt-credentials.ts';

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
  if (!telemetry.url && !telemetry.publicUrl)
    throw new ConfigError('Set MQTT_URL (or MQTT_PUBLIC_URL) to the Mosquitto broker the machines connect to.');
  const handle = openDatabase(config);
  try {
    const files = await writeMosquittoFiles(handle.db, {
      out: values.out,
      serials: values.serial,
      all: values.all,
      ingestUser: values['ingest-user'] ?? telemetry.username ?? 'armature',
      ingestPassword: telemetry.password,
      brokerUrl: telemetry.publicUrl ?? withoutLogin(telemetry.url!),
    });
    console.log(`Wrote ${files.passwordFile} and ${files.aclFile}. Reload Mosquitto (kill -HUP <pid>).`);
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
