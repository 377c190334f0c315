import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  attachmentSchema,
  bomCompareSchema,
  bomImportPreviewSchema,
  bomSubtreeSchema,
  DESIGN_BOM_ACTION_ENDPOINTS,
  designBomDetailSchema,
  designBomPageSchema,
  designBomSchema,
  digitalTwinBomPageSchema,
  digitalTwinBomSchema,
  makeBomDetailSchema,
  makeBomPageSchema,
  makeBomSchema,
  partWhereUsedSchema,
  plcRenderSchema,
  plcTaskPageSchema,
  plcTaskSchema,
  sparePartResource,
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
  design: 'designBOM',
  make: 'makeBOM',
  twin: 'digitalTwinBOM',
  plc: 'PLCTask',
} as const;

const partPath = (partId: string) => `${BOM_PATHS.parts}/${partId}`;
const designPath = (bomId: string) => `${BOM_PATHS.design}/${bomId}`;

export const bomLists = {
  design: { path: BOM_PATHS.design, schema: designBomPageSchema },
  make: { path: BOM_PATHS.make, schema: makeBomPageSchema },
  twin: { path: BOM_PATHS.twin, schema: digitalTwinBomPageSchema },
  plc: { path: BOM_PATHS.plc, schema: plcTaskPageSchema },
};

/** The spare parts' declared routes (a generic resource). */
const PARTS = resourceCrud(sparePartResource);
const designBomPickSchema = designBomSchema.pick({ id: true, code: true, name: true, version: true, status: true });

export const bomQueries = {
  part: (id: string | undefined) => resourceQueries.detail(PARTS.get, id),
  whereUsed: (partId: string) =>
    queryOptions({
      queryKey: [BOM_PATHS.parts, 'whereUsed', partId] as const,
      queryFn: ({ signal }) => api.get(`${partPath(partId)}/where-used`, partWhereUsedSchema, undefined, { signal }),
    }),
  /** Parts matching a keyword (a picker's options): the first page is enough to choose from. */
  partSearch: (keyword: string) =>
    resourceQueries.list(PARTS.list, { filter: keyword, maxResultCount: 50, sorting: 'code asc' }),
  designBom: (id: string | undefined) => resourceQueries.detailAt(BOM_PATHS.design, designBomDetailSchema, id),
  /** Every design BOM version, as pickers show them. */
  designBoms: () => resourceQueries.allAt(BOM_PATHS.design, designBomPickSchema),
  subtree: (bomId: string, nodeId: string | undefined) =>
    queryOptions({
      queryKey: [BOM_PATHS.design, 'subtree', bomId, nodeId] as const,
      queryFn: ({ signal }) =>
        api.get(`${designPath(bomId)}/children/${nodeId}`, bomSubtreeSchema, undefined, { signal }),
      enabled: nodeId !== undefined,
    }),
  compare: (left: string, right: string | undefined) =>
    queryOptions({
      queryKey: [BOM_PATHS.design, 'compare', left, right] as const,
      queryFn: ({ signal }) => api.get(`${BOM_PATHS.design}/compare`, bomCompareSchema, { left, right }, { signal }),
      enabled: right !== undefined,
    }),
  makeBom: (id: string | undefined) => resourceQueries.detailAt(BOM_PATHS.make, makeBomDetailSchema, id),
  twinBom: (id: string | undefined) => resourceQueries.detailAt(BOM_PATHS.twin, digitalTwinBomSchema, id),
};

/** An attachment's path under its part: the list, one file's bytes, its deletion. */
export const partAttachmentsPath = (partId: string) => `${partPath(partId)}/attachments`;
export const attachmentListSchema = z.array(attachmentSchema);

export const bomMutations = {
  createDesign: () =>
    mutationOptions({
      mutationFn: (body: DesignBomInput) => api.post(BOM_PATHS.design, body, { schema: designBomSchema }),
    }),
  updateDesign: (id: string) =>
    mutationOptions({
      mutationFn: (body: DesignBomUpdate) => api.put(designPath(id), body, { schema: designBomSchema }),
    }),
  addNode: (bomId: string) =>
    mutationOptions({ mutationFn: (body: BomNodeInput) => api.post(`${designPath(bomId)}/nodes`, body) }),
  updateNode: (bomId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: BomNodeUpdate }) =>
        api.put(`${designPath(bomId)}/nodes/${nodeId}`, body),
    }),
  removeNode: (bomId: string) =>
    mutationOptions({ mutationFn: (nodeId: string) => api.delete(`${designPath(bomId)}/nodes/${nodeId}`) }),
  moveNode: (bomId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: BomNodeMove }) =>
        api.post(`${designPath(bomId)}/nodes/${nodeId}/move`, body),
    }),
  release: (bomId: string) =>
    mutationOptions({
      mutationFn: () => api.call(DESIGN_BOM_ACTION_ENDPOINTS.release, { params: { id: bomId } }),
    }),
  newVersion: (bomId: string) =>
    mutationOptions({ mutationFn: () => api.post(`${designPath(bomId)}/versions`, {}, { schema: designBomSchema }) }),
  importPreview: (bomId: string) =>
    mutationOptions({
      mutationFn: (file: File) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return api.upload(`${designPath(bomId)}/import/preview`, form, bomImportPreviewSchema);
      },
    }),
  importApply: (bomId: string) =>
    mutationOptions({ mutationFn: (body: BomImportApply) => api.post(`${designPath(bomId)}/import`, body) }),
  derive: () =>
    mutationOptions({
      mutationFn: (designBomId: string) => api.post(BOM_PATHS.make, { designBomId }, { schema: makeBomSchema }),
    }),
  updateMakeNode: (makeId: string) =>
    mutationOptions({
      mutationFn: ({ nodeId, body }: { nodeId: string; body: MakeBomNodeUpdate }) =>
        api.put(`${BOM_PATHS.make}/${makeId}/nodes/${nodeId}`, body),
    }),
  saveTwin: (id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: DigitalTwinBomInput) =>
        id === undefined
          ? api.post(BOM_PATHS.twin, body, { schema: digitalTwinBomSchema })
          : api.put(`${BOM_PATHS.twin}/${id}`, body, { schema: digitalTwinBomSchema }),
    }),
  savePlc: (id: string | undefined) =>
    mutationOptions({
      mutationFn: (body: PlcTaskInput) =>
        id === undefined
          ? api.post(BOM_PATHS.plc, body, { schema: plcTaskSchema })
          : api.put(`${BOM_PATHS.plc}/${id}`, body, { schema: plcTaskSchema }),
    }),
  renderPlc: (id: string) =>
    mutationOptions({
      mutationFn: (values: Record<string, number | string>) =>
        api.post(`${BOM_PATHS.plc}/${id}/render`, { values }, { schema: plcRenderSchema }),
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
