import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  equipmentPageSchema,
  equipmentSchema,
  ingestStatsSchema,
  mqttCredentialsSchema,
  clockOffsetMs,
  twinBoardSchema,
  twinCardSchema,
  twinDetailSchema,
  withCard,
  type EquipmentInput,
  type EquipmentPlantInput,
  type EquipmentStatusInput,
  type TwinBoard,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';

/**
 * The equipment centre has two views of the same machines: the maker's (`admin`, every client's, every
 * field) and the plant's (`normal`, the current client's, its own fields only).
 */
export type EquipmentVariant = 'admin' | 'normal';

/** The API path of each variant, also the root of its query keys. */
export const EQUIPMENT_PATHS: Record<EquipmentVariant, string> = {
  admin: 'equipment',
  normal: 'equipment/normal',
};

const TWIN = 'digitalTwin';

export const equipmentKeys = {
  list: (variant: EquipmentVariant) => resourceKeys.root(EQUIPMENT_PATHS[variant]),
  board: () => [TWIN, 'board'] as const,
  twinDetail: (id: string | undefined, day: string | undefined) => [TWIN, 'detail', id, day ?? 'today'] as const,
  ingestStats: () => [TWIN, 'ingestStats'] as const,
};

export const equipmentLists: Record<EquipmentVariant, { path: string; schema: typeof equipmentPageSchema }> = {
  admin: { path: EQUIPMENT_PATHS.admin, schema: equipmentPageSchema },
  normal: { path: EQUIPMENT_PATHS.normal, schema: equipmentPageSchema },
};

export const equipmentQueries = {
  machine: (variant: EquipmentVariant, id: string | undefined) =>
    resourceQueries.detailAt(EQUIPMENT_PATHS[variant], equipmentSchema, id),
  board: () =>
    queryOptions({
      queryKey: equipmentKeys.board(),
      queryFn: async ({ signal }) => liveBoard(await api.get(`${TWIN}/board`, twinBoardSchema, undefined, { signal })),
    }),
  /** A machine's twin for one plant day (today without one). */
  twinDetail: (id: string | undefined, day: string | undefined) =>
    queryOptions({
      queryKey: equipmentKeys.twinDetail(id, day),
      queryFn: ({ signal }) => api.get(`${TWIN}/equipment/${id}`, twinDetailSchema, { day }, { signal }),
      enabled: id !== undefined,
    }),
  ingestStats: () =>
    queryOptions({
      queryKey: equipmentKeys.ingestStats(),
      queryFn: ({ signal }) => api.get(`${TWIN}/ingest-stats`, ingestStatsSchema, undefined, { signal }),
      // Counts that grow while the page is open.
      refetchInterval: 10_000,
    }),
};

export const equipmentMutations = {
  /** The maker: `POST` a new machine or `PUT` every field of one. */
  save: (id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: EquipmentInput) =>
        id === undefined
          ? api.post(EQUIPMENT_PATHS.admin, body, { schema: equipmentSchema })
          : api.put(`${EQUIPMENT_PATHS.admin}/${id}`, body, { schema: equipmentSchema }),
    }),
  /** The plant: its own fields of one of its machines. */
  savePlantFields: (id: string) =>
    mutationOptions({
      mutationFn: (body: EquipmentPlantInput) =>
        api.put(`${EQUIPMENT_PATHS.normal}/${id}`, body, { schema: equipmentSchema }),
    }),
  /** The status set by hand, for a machine without telemetry. */
  setStatus: (variant: EquipmentVariant, id: string) =>
    mutationOptions({
      mutationFn: (body: EquipmentStatusInput) => api.post(`${EQUIPMENT_PATHS[variant]}/${id}/status`, body),
    }),
  /** New MQTT credentials (revoking the previous ones): the password is in this answer only. */
  issueCredentials: (id: string) =>
    mutationOptions({
      mutationFn: () =>
        api.post(`${EQUIPMENT_PATHS.admin}/${id}/mqtt-credentials`, {}, { schema: mqttCredentialsSchema }),
    }),
};

/** A write changes both views' lists and details, and what the board shows. */
export async function refreshEquipment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: equipmentKeys.list('admin') }),
    queryClient.invalidateQueries({ queryKey: equipmentKeys.list('normal') }),
    queryClient.invalidateQueries({ queryKey: [TWIN] }),
  ]);
}

/** The board as the screen keeps it: with the server clock's lead, taken when its snapshot arrived. */
export type LiveBoard = TwinBoard & { clockOffsetMs: number };

function liveBoard(board: TwinBoard): LiveBoard {
  return { ...board, clockOffsetMs: clockOffsetMs(board.serverTime, Date.now()) };
}

const twinEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal('board'), data: twinBoardSchema }),
  z.object({ event: z.literal('card'), data: twinCardSchema }),
]);

/**
 * Applies one event of `GET /api/digitalTwin/events` to the cached board: a `board` snapshot replaces
 * it, a `card` replaces that machine's card. Anything else (or malformed) leaves it as it is.
 */
export function applyTwinEvent(queryClient: QueryClient, event: string, data: string): void {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return;
  }
  const parsed = twinEventSchema.safeParse({ event, data: payload });
  if (!parsed.success) return;
  const { data: value } = parsed;
  if (value.event === 'board') queryClient.setQueryData<LiveBoard>(equipmentKeys.board(), liveBoard(value.data));
  else
    queryClient.setQueryData<LiveBoard>(
      equipmentKeys.board(),
      (board) => board && { ...withCard(board, value.data), clockOffsetMs: board.clockOffsetMs },
    );
}
