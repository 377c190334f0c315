import {
  AttributeIds,
  ClientMonitoredItemGroup,
  ClientSubscription,
  DataType,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
  UserTokenType,
  Variant,
  type ClientSession,
  type DataValue,
  type NodeId,
  type UserIdentityInfo,
} from 'node-opcua-client';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';

/**
 * One OPC UA session to a machine's server, as the gateway needs it: subscribe to nodes, read them, write
 * variables and call methods with values converted to each target's data type (read from the server, so
 * the node map names no types). The link does not reconnect by itself: when the connection drops it says
 * so once (`onLost`) and the machine's gateway builds a new one, so what was subscribed is always re-read.
 */
export type OpcuaLinkOptions = {
  endpoint: string;
  securityMode: 'None' | 'Sign' | 'SignAndEncrypt';
  securityPolicy: 'None' | 'Basic256Sha256' | 'Aes128_Sha256_RsaOaep' | 'Aes256_Sha256_RsaPss';
  user?: { username: string; password: string };
  pkiDir?: string;
  samplingIntervalMs: number;
  onLost: (reason: string) => void;
};

export type OpcuaLink = {
  /** Calls `onChange` with each node's value now and at every change. */
  watch: (nodeIds: readonly string[], onChange: (nodeId: string, value: unknown) => void) => Promise<void>;
  read: (nodeIds: readonly string[]) => Promise<unknown[]>;
  write: (writes: readonly { nodeId: string; value: unknown }[]) => Promise<void>;
  call: (objectId: string, methodId: string, inputs: readonly unknown[]) => Promise<void>;
  close: () => Promise<void>;
};

export class OpcuaWriteError extends Error {
  constructor(
    message: string,
    /** The server's status code name (`BadTypeMismatch`), the machine's reason as far as OPC UA says it. */
    readonly statusName: string,
  ) {
    super(message);
  }
}

const certificateManagers = new Map<string, OPCUACertificateManager>();
/** One certificate store per folder for the process (creating one costs a key generation the first time). */
function certificateManager(pkiDir: string): OPCUACertificateManager {
  let manager = certificateManagers.get(pkiDir);
  if (!manager) {
    manager = new OPCUACertificateManager({ rootFolder: pkiDir, automaticallyAcceptUnknownCertificate: true });
    certificateManagers.set(pkiDir, manager);
  }
  return manager;
}

export async function openOpcuaLink(options: OpcuaLinkOptions): Promise<OpcuaLink> {
  const client = OPCUAClient.create({
    applicationName: 'Armature OPC UA gateway',
    endpointMustExist: false,
    securityMode: MessageSecurityMode[options.securityMode],
    securityPolicy: SecurityPolicy[options.securityPolicy],
    // One attempt: the machine's gateway retries with its own backoff and a fresh link.
    connectionStrategy: { maxRetry: 0, initialDelay: 500, maxDelay: 5000 },
    requestedSessionTimeout: 60_000,
    keepSessionAlive: true,
    ...(options.pkiDir ? { clientCertificateManager: certificateManager(options.pkiDir) } : {}),
  });
  let lost = false;
  const reportLost = (reason: string) => {
    if (lost) return;
    lost = true;
    options.onLost(reason);
  };
  client.on('connection_lost', () => reportLost('connection lost'));
  client.on('close', () => reportLost('connection closed'));

  let session: ClientSession;
  try {
    await client.connect(options.endpoint);
    const identity: UserIdentityInfo = options.user
      ? { type: UserTokenType.UserName, userName: options.user.username, password: options.user.password }
      : { type: UserTokenType.Anonymous };
    session = await client.createSession(identity);
  } catch (error) {
    lost = true;
    await client.disconnect().catch(() => {});
    throw error;
  }
  session.on('session_closed', () => reportLost('session closed'));
  const subscription = ClientSubscription.create(session, {
    requestedPublishingInterval: Math.max(50, options.samplingIntervalMs),
    requestedLifetimeCount: 600,
    requestedMaxKeepAliveCount: 20,
    publishingEnabled: true,
  });
  subscription.on('terminated', () => reportLost('subscription ended'));

  const dataTypes = new Map<string, DataType>();
  async function dataTypeOf(nodeId: string): Promise<DataType> {
    const known = dataTypes.get(nodeId);
    if (known !== undefined) return known;
    const value = await session.read({ nodeId, attributeId: AttributeIds.DataType });
    const type = builtInType(value.value.value as NodeId | null, nodeId);
    dataTypes.set(nodeId, type);
    return type;
  }

  return {
    watch: async (nodeIds, onChange) => {
      if (nodeIds.length === 0) return;
      const group = ClientMonitoredItemGroup.create(
        subscription,
        nodeIds.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })),
        { samplingInterval: options.samplingIntervalMs, queueSize: 10, discardOldest: true },
        TimestampsToReturn.Neither,
      );
      group.on('changed', (item, dataValue: DataValue, index: number) =>
        onChange(nodeIds[index]!, dataValue.value.value),
      );
      await new Promise<void>((resolve, reject) => {
        group.once('initialized', () => resolve());
        group.once('err', (message: string) => reject(new Error(message)));
      });
    },
    read: async (nodeIds) => {
      if (nodeIds.length === 0) return [];
      const values = await session.read(nodeIds.map((nodeId) => ({ nodeId, attributeId: AttributeIds.Value })));
      return values.map((value) => (value.statusCode.isGood() ? value.value.value : null));
    },
    write: async (writes) => {
      // One at a time and in order: a PLC latching the job on the last variable (the trigger) sees the rest first.
      for (const { nodeId, value } of writes) {
        const dataType = await dataTypeOf(nodeId);
        const status = await session.write({
          nodeId,
          attributeId: AttributeIds.Value,
          value: { value: new Variant({ dataType, value: coerce(value, dataType) }) },
        });
        if (!status.isGood()) throw new OpcuaWriteError(`writing ${nodeId}: ${status.toString()}`, status.name);
      }
    },
    call: async (objectId, methodId, inputs) => {
      const { inputArguments } = await session.getArgumentDefinition(methodId);
      if (inputArguments.length !== inputs.length)
        throw new OpcuaWriteError(
          `${methodId} takes ${inputArguments.length} input(s), the node map gives ${inputs.length}`,
          'BadArgumentsMissing',
        );
      const result = await session.call({
        objectId,
        methodId,
        inputArguments: inputArguments.map((argument, index) => {
          const dataType = builtInType(argument.dataType, `${methodId} argument ${argument.name}`);
          return new Variant({ dataType, value: coerce(inputs[index], dataType) });
        }),
      });
      if (!result.statusCode.isGood())
        throw new OpcuaWriteError(`calling ${methodId}: ${result.statusCode.toString()}`, result.statusCode.name);
    },
    close: async () => {
      lost = true;
      await subscription.terminate().catch(() => {});
      await session.close().catch(() => {});
      await client.disconnect().catch(() => {});
    },
  };
}

/** The built-in type of a data type node id (ns=0;i=1…25); anything else (a structure) is not written by the gateway. */
function builtInType(dataType: NodeId | null, where: string): DataType {
  const id = dataType && dataType.namespace === 0 ? Number(dataType.value) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > 25 || DataType[id] === undefined)
    throw new OpcuaWriteError(`${where}: data type ${dataType?.toString()} is not a built-in type`, 'BadTypeMismatch');
  return id as DataType;
}

/** A message field's value as the target's type wants it. */
export function coerce(value: unknown, dataType: DataType): unknown {
  switch (dataType) {
    case DataType.Boolean:
      return value === true || value === 'true' || value === 1;
    case DataType.String:
      return value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
    case DataType.DateTime:
      return new Date(String(value));
    case DataType.Int64:
    case DataType.UInt64: {
      // node-opcua carries 64-bit integers as [high, low] 32-bit halves.
      const number = Number(value ?? 0);
      return [Math.floor(number / 2 ** 32), number >>> 0];
    }
    case DataType.Float:
    case DataType.Double:
    case DataType.SByte:
    case DataType.Byte:
    case DataType.Int16:
    case DataType.UInt16:
    case DataType.Int32:
    case DataType.UInt32:
      return Number(value ?? 0);
    default:
      return value;
  }
}
