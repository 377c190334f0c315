import { existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { writeBackup, type BackupSummary } from './backup-archive.ts';

/**
 * Where a server on the embedded database takes backup requests: a Unix socket in DATA_DIR, so whoever
 * may read the data directory (and nobody else) may ask, and no HTTP route or credential is involved.
 * Only the process that opened a PGlite may read it, hence the server, not `npm run backup`, dumps it.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

type Answer = { summary: BackupSummary } | { error: string };

/** `{"file": …}` on one line; anything else asks for no file (and is answered with an error, never a crash). */
function parseRequest(line: string): { file?: string } {
  try {
    const parsed = JSON.parse(line) as { file?: unknown };
    return typeof parsed.file === 'string' && path.isAbsolute(parsed.file) ? { file: parsed.file } : {};
  } catch {
    return {};
  }
}

/** Serves `npm run backup` while the server runs; one backup at a time. Resolves to its closing function. */
export async function serveBackups(
  client: PGlite,
  dataDir: string,
  log: { error: (details: object, message: string) => void },
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // Left by a server that did not stop cleanly: nobody listens on it any more.
  rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    let request = '';
    let asked = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      request += chunk;
      // One request per connection: whatever follows its line is ignored.
      if (asked || !request.includes('\n')) return;
      asked = true;
      const { file } = parseRequest(request);
      const done = queue.then(() => {
        if (!file) throw new Error('a backup request names its file: {"file": "/absolute/path.zip"}');
        return writeBackup(client, dataDir, file);
      });
      queue = done.catch(() => {});
      void done
        .then(
          (summary): Answer => ({ summary }),
          (error: unknown): Answer => {
            log.error({ err: error }, 'backup failed');
            return { error: error instanceof Error ? error.message : String(error) };
          },
        )
        .then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      if (existsSync(socketPath)) rmSync(socketPath, { force: true });
    });
}

/**
 * Asks the server on `dataDir` for a backup into `file`; null when no server listens there (none runs:
 * the caller may open the database itself).
 */
export function requestBackup(dataDir: string, file: string): Promise<BackupSummary | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(backupSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ file })}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      const parsed = JSON.parse(answer) as Answer;
      if ('error' in parsed) reject(new Error(parsed.error));
      else resolve(parsed.summary);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
