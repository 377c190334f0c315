import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  DESIGN_BOM_ACTION_ENDPOINTS,
  DESIGN_BOM_ENDPOINTS,
  MAKE_BOM_ENDPOINTS,
  PLC_TASK_ENDPOINTS,
  TWIN_BOM_ENDPOINTS,
  bomImportPreviewSchema,
  SPARE_PART_ENDPOINTS,
  sparePartResource,
  type AttachmentEndpoints,
  type BomImportApply,
  type BomNodeInput,
  type BomNodeMove,
  type BomNodeUpdate,
  type DesignBomInput,
  type DesignBomUpdate,
  type DigitalTwinBomInput,
  type MakeBomNodeUpdate,
  type PlcTaskInput,
} from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, resourceQueries } from '../../components/resource/resource.queries.ts';
import { resourceCrud } from '../../components/resource/resource-endpoint.ts';

/** The API paths of the BOM centre, also the roots of their query keys. */
export const BOM_PATHS = {
  parts: sparePartResource.path,
  design: DESIGN_BOM_ENDPOINTS.list.path,
  make: MAKE_BOM_ENDPOINTS.list.path,
  twin: TWIN_BOM_ENDPOINTS.list.path,
  plc: PLC_TASK_ENDPOINTS.list.path,
} as const;

const designPath = (bomId: string) => `${BOM_PATHS.design}/${bomId}`;
/** A design BOM's node. */
const nodeOf = (bomId: string, nodeId: string) => ({ params: { id: bomId, nodeId } });

export const bomLists = {
  design: DESIGN_BOM_ENDPOINTS.list,
  make: MAKE_BOM_ENDPOINTS.list,
  twin: TWIN_BOM_ENDPOINTS.list,
  plc: PLC_TASK_ENDPOINTS.list,
};

/** The spare parts' declared routes (a generic resource). */
const PARTS = resourceCrud(sparePartResource);

export const bomQueries = {
  part: (id: string | undefined) => resourceQueries.detail(PARTS.get, id),
  whereUsed: (partId: string) =>
    queryOptions({
      queryKey: [BOM_PATHS.parts, 'whereUsed', partId] as const,
      queryFn: ({ signal }) => api.call(SPARE_PART_ENDPOINTS.whereUsed, { params: { id: partId }, signal }),
    }),
  /** Parts matching a keyword (a picker's options): the first page is enough to choose from. */
  partSearch: (keyword: string) =>
    resourceQueries.list(PARTS.list, { filter: keyword, maxResultCount: 50, sorting: 'code asc' }),
  designBom: (id: string | undefined) => resourceQueries.detail(DESIGN_BOM_ENDPOINTS.get, id),
  /** Every design BOM version, as pickers show them. */
  designBoms: () => resourceQueries.all(DESIGN_BOM_ENDPOINTS.all),
  subtree: (bomId: string, nodeId: string | undefined) =>
    queryOptions({
      queryKey: [BOM_PATHS.design, 'subtree', bomId, nodeId] as const,
      queryFn: ({ signal }) =>
        api.call(DESIGN_BOM_ENDPOINTS.children, { params: { id: bomId, nodeId: nodeId ?? '' }, signal }),
      enabled: nodeId !== undefined,
    }),
  compare: (left: string, right: string | undefined) =>
    queryOptions({
      queryKey: [BOM_PATHS.design, 'compare', left, right] as const,
      queryFn: ({ signal }) => api.call(DESIGN_BOM_ENDPOINTS.compare, { params: {}, query: { left, right }, signal }),
      enabled: right !== undefined,
    }),
  makeBom: (id: string | undefined) => resourceQueries.detail(MAKE_BOM_ENDPOINTS.get, id),
  twinBom: (id: string | undefined) => resourceQueries.detail(TWIN_BOM_ENDPOINTS.get, id),
};

/** A part's pictures and drawings (the attachment panel's endpoints). */
export const partFiles: AttachmentEndpoints<{ id: string }> = {
  list: SPARE_PART_ENDPOINTS.attachments,
  remove: SPARE_PART_ENDPOINTS.deleteAttachment,
};

export const bomMutations = {
  createDesign: () =>
    mutationOptions({
      mutationFn: (body: DesignBomInput) => api.call(DESIGN_BOM_ENDPOINTS.create, { params: {}, body }),
    }),
  updateDesign: (id: string) =>
    mutationOptions({
      mutationFn: (body: DesignBomUpdate) => api.call(DESIGN_BOM_ENDPOINTS.update, { params: { id }, body }),
    }),
  addNode: (bomId: string) =>
    mutationOptions({
      mutationFn: (body: BomNodeInput) => api.call(DESIGN_BOM_ENDPOINTS.addNode, { params: { id: bomId }, body }),
    }),
  updateNode: (bomId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: BomNodeUpdate }) =>
        api.call(DESIGN_BOM_ENDPOINTS.updateNode, { ...nodeOf(bomId, nodeId), body }),
    }),
  removeNode: (bomId: string) =>
    mutationOptions({
      mutationFn: (nodeId: string) => api.call(DESIGN_BOM_ENDPOINTS.deleteNode, nodeOf(bomId, nodeId)),
    }),
  moveNode: (bomId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: BomNodeMove }) =>
        api.call(DESIGN_BOM_ENDPOINTS.moveNode, { ...nodeOf(bomId, nodeId), body }),
    }),
  release: (bomId: string) =>
    mutationOptions({
      mutationFn: () => api.call(DESIGN_BOM_ACTION_ENDPOINTS.release, { params: { id: bomId } }),
    }),
  newVersion: (bomId: string) =>
    mutationOptions({ mutationFn: () => api.call(DESIGN_BOM_ENDPOINTS.newVersion, { params: { id: bomId } }) }),
  importPreview: (bomId: string) =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return api.upload(`${designPath(bomId)}/import/preview`, form, bomImportPreviewSchema);
      },
    }),
  importApply: (bomId: string) =>
    mutationOptions({
      mutationFn: (body: BomImportApply) => api.call(DESIGN_BOM_ENDPOINTS.importLines, { params: { id: bomId }, body }),
    }),
  derive: () =>
    mutationOptions({
      mutationFn: (designBomId: string) => api.call(MAKE_BOM_ENDPOINTS.create, { params: {}, body: { designBomId } }),
    }),
  updateMakeNode: (makeId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: MakeBomNodeUpdate }) =>
        api.call(MAKE_BOM_ENDPOINTS.updateNode, { params: { id: makeId, nodeId }, body }),
    }),
  saveTwin: (id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: DigitalTwinBomInput) =>
        id === undefined
          ? api.call(TWIN_BOM_ENDPOINTS.create, { params: {}, body })
          : api.call(TWIN_BOM_ENDPOINTS.update, { params: { id }, body }),
    }),
  savePlc: (id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: PlcTaskInput) =>
        id === undefined
          ? api.call(PLC_TASK_ENDPOINTS.create, { params: {}, body })
          : api.call(PLC_TASK_ENDPOINTS.update, { params: { id }, body }),
    }),
  renderPlc: (id: string) =>
    mutationOptions({
      mutationFn: (values: Record<string, number | string>) =>
        api.call(PLC_TASK_ENDPOINTS.render, { params: { id }, body: { values } }),
    }),
};

/** A BOM write changes its tree, its lists, the versions around it and where its parts are used. */
export async function refreshBoms(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [BOM_PATHS.design, BOM_PATHS.make, BOM_PATHS.twin, BOM_PATHS.parts].map((path) =>
      queryClient.invalidateQueries({ queryKey: resourceKeys.root(path) }),
    ),
  );
}
