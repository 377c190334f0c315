import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  DIGITAL_TWIN_ENDPOINTS,
  EQUIPMENT_ENDPOINTS,
  EQUIPMENT_NORMAL_ENDPOINTS,
  clockOffsetMs,
  twinBoardSchema,
  twinCardSchema,
  withCards,
  type EquipmentInput,
  type EquipmentPlantInput,
  type EquipmentStatusInput,
  type TwinBoard,
  type TwinCard,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';

/**
 * The equipment centre has two views of the same machines: the maker's (`admin`, every client's, every
 * field) and the plant's (`normal`, the current client's, its own fields only).
 */
export type EquipmentVariant = 'admin' | 'normal';

/** The routes of each variant. */
export const EQUIPMENT_VARIANTS = { admin: EQUIPMENT_ENDPOINTS, normal: EQUIPMENT_NORMAL_ENDPOINTS } as const;

/** The API path of each variant, also the root of its query keys. */
export const EQUIPMENT_PATHS: Record<EquipmentVariant, string> = {
  admin: EQUIPMENT_ENDPOINTS.list.path,
  normal: EQUIPMENT_NORMAL_ENDPOINTS.list.path,
};

const TWIN = 'digitalTwin';

export const equipmentKeys = {
  list: (variant: EquipmentVariant) => resourceKeys.root(EQUIPMENT_PATHS[variant]),
  board: () => [TWIN, 'board'] as const,
  twinDetail: (id: string | undefined, day: string | undefined) => [TWIN, 'detail', id, day ?? 'today'] as const,
  ingestStats: () => [TWIN, 'ingestStats'] as const,
};

export const equipmentQueries = {
  machine: (variant: EquipmentVariant, id: string | undefined) =>
    resourceQueries.detail(EQUIPMENT_VARIANTS[variant].get, id),
  board: () =>
    queryOptions({
      queryKey: equipmentKeys.board(),
      queryFn: async ({ signal }) => liveBoard(await api.call(DIGITAL_TWIN_ENDPOINTS.board, { params: {}, signal })),
    }),
  /** A machine's twin for one plant day (today without one). */
  twinDetail: (id: string | undefined, day: string | undefined) =>
    queryOptions({
      queryKey: equipmentKeys.twinDetail(id, day),
      queryFn: ({ signal }) =>
        api.call(DIGITAL_TWIN_ENDPOINTS.machine, { params: { id: id ?? '' }, query: { day }, signal }),
      enabled: id !== undefined,
    }),
  ingestStats: () =>
    queryOptions({
      queryKey: equipmentKeys.ingestStats(),
      queryFn: ({ signal }) => api.call(EQUIPMENT_ENDPOINTS.ingestStats, { params: {}, signal }),
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
          ? api.call(EQUIPMENT_ENDPOINTS.create, { params: {}, body })
          : api.call(EQUIPMENT_ENDPOINTS.update, { params: { id }, body }),
    }),
  /** The plant: its own fields of one of its machines. */
  savePlantFields: (id: string) =>
    mutationOptions({
      mutationFn: (body: EquipmentPlantInput) => api.call(EQUIPMENT_NORMAL_ENDPOINTS.update, { params: { id }, body }),
    }),
  /** The status set by hand, for a machine without telemetry. */
  setStatus: (variant: EquipmentVariant, id: string) =>
    mutationOptions({
      mutationFn: (body: EquipmentStatusInput) =>
        api.call(EQUIPMENT_VARIANTS[variant].status, { params: { id }, body }),
    }),
  /** New MQTT credentials (revoking the previous ones): the password is in this answer only. */
  issueCredentials: (id: string) =>
    mutationOptions({
      mutationFn: () => api.call(EQUIPMENT_ENDPOINTS.mqttCredentials, { params: { id } }),
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

/** How long card events wait to be drawn together: a board of 200 machines gets a card every few ms. */
export const CARD_BATCH_MS = 100;

/**
 * Follows the events of `GET /api/digitalTwin/events` into the cached board: a `board` snapshot
 * replaces it at once; `card`s are kept per machine (the latest wins) and drawn together at most every
 * `CARD_BATCH_MS` — drawing the whole board for each card kept a browser's main thread busy under a
 * plant's telemetry (the next page took seconds to show). Anything else, or malformed, is ignored.
 * `stop()` drops what waits.
 */
export function twinEventFollower(queryClient: QueryClient) {
  const waiting = new Map<string, TwinCard>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const draw = () => {
    timer = undefined;
    const cards = [...waiting.values()];
    waiting.clear();
    queryClient.setQueryData<LiveBoard>(
      equipmentKeys.board(),
      (board) => board && { ...withCards(board, cards), clockOffsetMs: board.clockOffsetMs },
    );
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    waiting.clear();
  };
  const apply = (event: string, data: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(data);
    } catch {
      return;
    }
    const parsed = twinEventSchema.safeParse({ event, data: payload });
    if (!parsed.success) return;
    const { data: value } = parsed;
    if (value.event === 'board') {
      stop();
      queryClient.setQueryData<LiveBoard>(equipmentKeys.board(), liveBoard(value.data));
      return;
    }
    waiting.set(value.data.equipmentId, value.data);
    timer ??= setTimeout(draw, CARD_BATCH_MS);
  };
  return { apply, stop };
}
