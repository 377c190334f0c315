/**
 * The machines of `npm run bench:machines`, in a process of their own (forked by the bench, as
 * `npm run simulate:machines` is one beside the API in a plant): the simulator plays the machines it is given,
 * taking their jobs from the app's broker and answering there, and tells the bench over IPC when each machine
 * received a job and sent a completion, with the time it did. Alone in its process, the 50 machines' MQTT
 * clients and job runners no longer take turns with the app's event loop: only their work on the broker and
 * on the database reaches the app, as it would from real machines.
 */
import { startSimulator, type SimulatedMachine } from '../src/modules/telemetry/simulator/simulator.ts';

/** What the bench sends: the machines to play (once), then stop. */
export type MachinesCommand =
  { type: 'start'; brokerUrl: string; machines: SimulatedMachine[]; speed: number } | { type: 'stop' };

/** What this process tells the bench; `at` is `Date.now()` here (the same clock as the bench's). */
export type MachinesReport =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'job'; taskId: string; seq: number; at: number }
  | { type: 'completed'; taskId: string; at: number }
  /** With the CPU time (user and system) this process used since the machines had connected. */
  | { type: 'stopped'; cpuMs: number }
  | { type: 'failed'; error: string };

const send = (report: MachinesReport) => process.send!(report);
let simulator: Awaited<ReturnType<typeof startSimulator>> | null = null;
/** The CPU time used when the machines had connected: what they use from there on is reported. */
let cpuAtStart: NodeJS.CpuUsage | undefined;

process.on('message', (command: MachinesCommand) => {
  if (command.type === 'start')
    void startSimulator({
      brokerUrl: command.brokerUrl,
      machines: command.machines,
      intervalMs: 1000,
      jobs: {
        speed: command.speed,
        onJob: (_serial, message) => {
          if (message.type === 'job') send({ type: 'job', taskId: message.taskId, seq: message.seq, at: Date.now() });
        },
        onAnswer: (_serial, answer) => {
          if (answer.status === 'completed') send({ type: 'completed', taskId: answer.taskId, at: Date.now() });
        },
      },
    }).then(
      (started) => {
        simulator = started;
        cpuAtStart = process.cpuUsage();
        send({ type: 'started' });
      },
      (error: unknown) => send({ type: 'failed', error: String(error) }),
    );
  else
    void (async () => {
      await simulator?.stop();
      simulator = null;
      const cpu = process.cpuUsage(cpuAtStart);
      send({ type: 'stopped', cpuMs: (cpu.user + cpu.system) / 1000 });
      process.disconnect();
    })();
});
// The bench went away (ended, or killed): the machines go with it.
process.on('disconnect', () => {
  if (simulator) simulator.kill();
  setImmediate(() => process.exit(0));
});
// Listening now: what the bench sends from here on is heard.
send({ type: 'ready' });
