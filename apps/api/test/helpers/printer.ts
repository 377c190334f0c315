import { createServer, type AddressInfo, type Server } from 'node:net';

/** A raw-port printer stand-in: every connection's bytes, once it closes. */
export async function printerListener(): Promise<{ server: Server; port: number; jobs: Promise<string>[] }> {
  const jobs: Promise<string>[] = [];
  const server = createServer((socket) => {
    jobs.push(
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, jobs };
}
