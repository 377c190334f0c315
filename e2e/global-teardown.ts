import { stopServers } from './servers.ts';

/** Ends the workers' servers and removes their databases (the run's folder). */
export default async function globalTeardown() {
  await stopServers();
}
