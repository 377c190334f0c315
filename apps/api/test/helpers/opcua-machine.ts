import { DataType, StatusCodes, Variant } from 'node-opcua-client';
import { OPCUAServer } from 'node-opcua-server';
import type { NodeMap } from '../../src/modules/telemetry/opcua-gateway/gateway-config.ts';

/**
 * An OPC UA server that plays a shear, for the gateway's tests: OPC 40001-1 state nodes (the item state's
 * CurrentState as text, the operation mode as its StateNumber), counters, an alarm bit, a job block (the
 * current job's task, sequence, state as a PLC number, counts, rejection), a method that queues a job and
 * variables written to withdraw one. `nodeMap` is the node map a gateway configuration gives for it.
 */
export type OpcuaMachine = {
  endpoint: string;
  nodeMap: NodeMap;
  /** Sets a node by its name below (`ItemState`, `Job.State`, …) as the machine's PLC would. */
  set: (name: string, value: unknown) => void;
  /** The jobs handed to the machine through `AddJob`: the task, the sequence and the job as JSON. */
  jobs: { taskId: string; seq: number; json: string }[];
  /** The withdrawals written to the machine (on `Withdraw.Trigger`). */
  withdrawals: { taskId: string; seq: number; reason: string }[];
  /** While true, `AddJob` answers BadInvalidState: the machine will not take a job. */
  refuseJobs: boolean;
  stop: () => Promise<void>;
};

/** The machine's PLC numbers for its job states, as a node map's `values` maps them. */
export const JOB_STATE = { idle: 0, accepted: 1, started: 2, paused: 3, completed: 4, rejected: 5, withdrawn: 6 };

const VARIABLES: Record<string, DataType> = {
  ItemState: DataType.LocalizedText,
  OperationMode: DataType.UInt32,
  Pieces: DataType.UInt32,
  Good: DataType.UInt32,
  Scrap: DataType.UInt32,
  BarJam: DataType.Boolean,
  'Job.TaskId': DataType.String,
  'Job.Seq': DataType.UInt32,
  'Job.State': DataType.Int32,
  'Job.Good': DataType.UInt32,
  'Job.Scrap': DataType.UInt32,
  'Job.RejectCode': DataType.String,
  'Job.RejectText': DataType.String,
  'Withdraw.TaskId': DataType.String,
  'Withdraw.Seq': DataType.UInt32,
  'Withdraw.Reason': DataType.String,
  'Withdraw.Trigger': DataType.Boolean,
};

const id = (name: string) => `ns=1;s=Shear.${name}`;

export async function startOpcuaMachine(): Promise<OpcuaMachine> {
  // Port 0: the system picks a free port; the endpoint below says which.
  const server = new OPCUAServer({ port: 0, buildInfo: { productName: 'Armature test shear' } });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const namespace = addressSpace.getOwnNamespace();
  const shear = namespace.addObject({
    organizedBy: addressSpace.rootFolder.objects,
    browseName: 'Shear',
    nodeId: 's=Shear',
  });
  const jobs: OpcuaMachine['jobs'] = [];
  const withdrawals: OpcuaMachine['withdrawals'] = [];
  const values = new Map<string, unknown>();
  const initial = (type: DataType) =>
    type === DataType.String
      ? ''
      : type === DataType.Boolean
        ? false
        : type === DataType.LocalizedText
          ? { text: 'NotExecuting' }
          : 0;
  const variables = Object.fromEntries(
    Object.entries(VARIABLES).map(([name, dataType]) => {
      values.set(name, initial(dataType));
      const variable = namespace.addVariable({
        componentOf: shear,
        browseName: name,
        nodeId: `s=Shear.${name}`,
        dataType,
        // The getter is sampled this often (node-opcua's default for a getter is a second).
        minimumSamplingInterval: 50,
        accessLevel: 'CurrentRead | CurrentWrite',
        userAccessLevel: 'CurrentRead | CurrentWrite',
        value: {
          get: () => new Variant({ dataType, value: values.get(name) }),
          set: (variant: Variant) => {
            values.set(name, variant.value);
            // The PLC takes a withdrawal when the trigger is set, and clears it.
            if (name === 'Withdraw.Trigger' && variant.value === true) {
              withdrawals.push({
                taskId: String(values.get('Withdraw.TaskId')),
                seq: Number(values.get('Withdraw.Seq')),
                reason: String(values.get('Withdraw.Reason')),
              });
              values.set(name, false);
            }
            return StatusCodes.Good;
          },
        },
      });
      return [name, variable];
    }),
  );
  const addJob = namespace.addMethod(shear, {
    browseName: 'AddJob',
    nodeId: 's=Shear.AddJob',
    inputArguments: [
      { name: 'TaskId', dataType: DataType.String },
      { name: 'Seq', dataType: DataType.UInt32 },
      { name: 'Job', dataType: DataType.String },
    ],
    outputArguments: [],
  });
  const control = { refuseJobs: false };
  addJob.bindMethod(async (inputs: Variant[], _context: unknown) => {
    if (control.refuseJobs) return { statusCode: StatusCodes.BadInvalidState };
    const [taskId, seq, json] = inputs.map((input: Variant) => input.value as unknown);
    jobs.push({ taskId: String(taskId), seq: Number(seq), json: String(json) });
    return { statusCode: StatusCodes.Good };
  });
  await server.start();
  const port = server.endpoints[0]!.port;

  const nodeMap: NodeMap = {
    state: { itemState: id('ItemState'), operationMode: id('OperationMode') },
    counters: { pieces: id('Pieces'), good: id('Good'), scrap: id('Scrap') },
    alarms: [{ nodeId: id('BarJam'), code: 'E42', text: 'Bar jam at the shear', severity: 'error' }],
    jobs: {
      send: { call: { objectId: 'ns=1;s=Shear', methodId: id('AddJob'), inputs: ['taskId', 'seq', '$json'] } },
      withdraw: {
        write: [
          { nodeId: id('Withdraw.TaskId'), value: 'taskId' },
          { nodeId: id('Withdraw.Seq'), value: 'seq' },
          { nodeId: id('Withdraw.Reason'), value: 'reason' },
          { nodeId: id('Withdraw.Trigger'), value: { const: true } },
        ],
      },
      status: {
        taskId: id('Job.TaskId'),
        seq: id('Job.Seq'),
        state: id('Job.State'),
        good: id('Job.Good'),
        scrap: id('Job.Scrap'),
        rejectCode: id('Job.RejectCode'),
        rejectText: id('Job.RejectText'),
        values: Object.fromEntries(
          Object.entries(JOB_STATE).map(([state, number]) => [String(number), state]),
        ) as Record<string, keyof typeof JOB_STATE>,
      },
    },
  };

  return {
    endpoint: `opc.tcp://127.0.0.1:${port}`,
    nodeMap,
    set: (name, value) => {
      const variable = variables[name];
      if (!variable) throw new Error(`no node ${name}`);
      values.set(name, name === 'ItemState' ? { text: String(value) } : value);
      // Subscriptions sample through the getter; touching the value tells them it changed now.
      variable.touchValue();
    },
    jobs,
    withdrawals,
    get refuseJobs() {
      return control.refuseJobs;
    },
    set refuseJobs(refuse: boolean) {
      control.refuseJobs = refuse;
    },
    stop: async () => {
      await server.shutdown(0);
    },
  };
}
