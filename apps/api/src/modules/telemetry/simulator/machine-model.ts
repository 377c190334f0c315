import type {
  AlarmPayload,
  AlarmSeverity,
  CountersPayload,
  OperationStatus,
  Random,
  StatePayload,
} from '@armature/domain';

/**
 * A simulated machine: what it does second by second and the telemetry it sends about it. Mostly
 * running near its ideal rate, now and then idle for a changeover (mode `setup`), in fault with an
 * alarm raised and later cleared, or in maintenance. Its counters only grow while it runs, a few pieces
 * in a hundred are scrap. Everything random comes from the generator it is given, so a seed repeats a run.
 */

export type Publication =
  | { channel: 'state'; payload: StatePayload; retain: true }
  | { channel: 'counters'; payload: CountersPayload; retain: false }
  | { channel: 'alarm'; payload: AlarmPayload; retain: false };

/** What a machine's controller reports when it stops on a fault (text as its display shows it). */
const FAULTS: readonly { code: string; text: string; severity: AlarmSeverity }[] = [
  { code: 'E-101', text: '送料辊打滑 feed roller slipping', severity: 'error' },
  { code: 'E-204', text: '剪切刀未到位 shear blade not in position', severity: 'error' },
  { code: 'E-310', text: '伺服驱动器过载 servo drive overload', severity: 'critical' },
  { code: 'E-415', text: '液压油温过高 hydraulic oil too hot', severity: 'warning' },
  { code: 'E-520', text: '安全门打开 safety door open', severity: 'critical' },
];

/** Mean time in each state before it moves on (seconds), and where it goes. */
const MEAN_RUN_S = 240;
const MEAN_SETUP_S = 45;
const MEAN_FAULT_S = 60;
const MEAN_MAINTENANCE_S = 300;
/** Of the stops of a running machine: changeovers, faults, maintenance. */
const STOP_SHARES = { setup: 0.7, fault: 0.25, maintenance: 0.05 };
const SCRAP_SHARE = 0.02;

type Phase = 'running' | 'setup' | 'fault' | 'maintenance';

const PHASE_STATE: Record<Phase, { state: OperationStatus; mode: StatePayload['mode'] }> = {
  running: { state: 'running', mode: 'processing' },
  setup: { state: 'idle', mode: 'setup' },
  fault: { state: 'fault', mode: undefined },
  maintenance: { state: 'maintenance', mode: 'maintenance' },
};

export class MachineModel {
  #phase: Phase = 'running';
  /** Seconds left in the phase. */
  #left: number;
  #alarm: (typeof FAULTS)[number] | null = null;
  /** Pieces made but not yet whole (a rate of 120/h makes 1/30 of a piece a second). */
  #fraction = 0;
  /** This machine's pace today: 85–100 % of its ideal rate. */
  readonly #pace: number;
  readonly counters = { pieces: 0, good: 0, scrap: 0 };

  constructor(
    readonly serialNumber: string,
    readonly idealRate: number,
    private readonly random: Random,
    /** A fault that never clears (the e2e test's machine). */
    private readonly heldFault = false,
  ) {
    this.#pace = 0.85 + random() * 0.15;
    this.#left = this.#duration(MEAN_RUN_S);
    if (heldFault) this.#enter('fault');
  }

  get state(): OperationStatus {
    return PHASE_STATE[this.#phase].state;
  }

  /** The retained state message for now (sent at connect and on every change). */
  statePublication(at: Date): Publication {
    const { state, mode } = PHASE_STATE[this.#phase];
    return { channel: 'state', payload: { state, ...(mode ? { mode } : {}), ts: at.toISOString() }, retain: true };
  }

  /** Lets `seconds` pass; answers the messages to send, counters last. */
  step(seconds: number, at: Date): Publication[] {
    const out: Publication[] = [];
    if (this.#phase === 'running') this.#produce(seconds);
    this.#left -= seconds;
    if (this.#left <= 0 && !this.heldFault) {
      const alarm = this.#alarm;
      this.#enter(this.#phase === 'running' ? this.#nextStop() : 'running');
      if (alarm && !this.#alarm) out.push(this.#alarmPublication(alarm, false, at));
      if (this.#alarm) out.push(this.#alarmPublication(this.#alarm, true, at));
      out.push(this.statePublication(at));
    }
    out.push({ channel: 'counters', payload: { ...this.counters, ts: at.toISOString() }, retain: false });
    return out;
  }

  /** The alarm raised at start (a held fault's), if any. */
  startPublications(at: Date): Publication[] {
    return [
      ...(this.#alarm ? [this.#alarmPublication(this.#alarm, true, at)] : []),
      this.statePublication(at),
      { channel: 'counters', payload: { ...this.counters, ts: at.toISOString() }, retain: false },
    ];
  }

  #produce(seconds: number) {
    this.#fraction += (this.idealRate * this.#pace * seconds) / 3600;
    const made = Math.floor(this.#fraction);
    this.#fraction -= made;
    for (let i = 0; i < made; i++) {
      if (this.random() < SCRAP_SHARE) this.counters.scrap++;
      else this.counters.good++;
    }
    this.counters.pieces += made;
  }

  #nextStop(): Phase {
    const draw = this.random();
    if (draw < STOP_SHARES.setup) return 'setup';
    return draw < STOP_SHARES.setup + STOP_SHARES.fault ? 'fault' : 'maintenance';
  }

  #enter(phase: Phase) {
    this.#phase = phase;
    this.#alarm = phase === 'fault' ? FAULTS[Math.floor(this.random() * FAULTS.length)]! : null;
    const mean = { running: MEAN_RUN_S, setup: MEAN_SETUP_S, fault: MEAN_FAULT_S, maintenance: MEAN_MAINTENANCE_S };
    this.#left = this.#duration(mean[phase]);
  }

  /** An exponential duration of the given mean, at least a few seconds. */
  #duration(meanS: number) {
    return Math.max(3, -Math.log(1 - this.random()) * meanS);
  }

  #alarmPublication(alarm: (typeof FAULTS)[number], active: boolean, at: Date): Publication {
    return { channel: 'alarm', payload: { ...alarm, active, ts: at.toISOString() }, retain: false };
  }
}
