import type { MqttCredentials } from '@armature/domain';
import { openPostgres } from '../../src/core/db/client.ts';
import { writeMosquittoFiles } from '../../src/modules/telemetry/mosquitto-files.ts';
import type { Api } from './http.ts';

/** The cluster's own Mosquitto (data/cluster/state.json): it checks logins against its password file. */
export type MosquittoTarget = { dir: string; pid: number; databaseUrl: string; brokerUrl: string };

/**
 * Fresh MQTT credentials for the bench's machines, in their order. On the embedded broker (or any
 * broker that asks Armature) the API issues them: `POST /api/equipment/{id}/mqtt-credentials`. The
 * cluster's Mosquitto cannot check Armature's scrypt hashes, so there they are issued the documented
 * way for Mosquitto — the API's own generator behind `npm run mqtt:mosquitto-acl` writes its password
 * and ACL files (other machines and the ingest's login kept) — and Mosquitto is told to reread them
 * (SIGHUP, as docs/telemetry.md says).
 */
export async function issueCredentials(
  admin: Api,
  machines: readonly { id: string; serialNumber: string }[],
  mosquitto: MosquittoTarget | null,
): Promise<MqttCredentials[]> {
  if (!mosquitto) {
    const issued: MqttCredentials[] = [];
    // A few at a time: each is a scrypt hash on the server.
    for (let start = 0; start < machines.length; start += 4)
      issued.push(
        ...(await Promise.all(
          machines
            .slice(start, start + 4)
            .map((machine) => admin.post<MqttCredentials>('write-plan', `equipment/${machine.id}/mqtt-credentials`)),
        )),
      );
    return issued;
  }
  const handle = openPostgres(mosquitto.databaseUrl);
  try {
    const files = await writeMosquittoFiles(handle.db, {
      out: mosquitto.dir,
      serials: machines.map((machine) => machine.serialNumber),
      all: false,
      ingestUser: 'armature',
      ingestPassword: undefined,
      brokerUrl: mosquitto.brokerUrl,
    });
    process.kill(mosquitto.pid, 'SIGHUP');
    // Mosquitto rereads the files on its next loop.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const bySerial = new Map(files.issued.map((credentials) => [credentials.username, credentials]));
    return machines.map((machine) => bySerial.get(machine.serialNumber)!);
  } finally {
    await handle.close();
  }
}
