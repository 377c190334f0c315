import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  attachmentFilePath,
  EQUIPMENT_NORMAL_ENDPOINTS,
  INSPECTION_ENDPOINTS,
  PRODUCTION_INSPECTION_ENDPOINTS,
  RECEIPT_INSPECTION_ENDPOINTS,
  TRACE_ENDPOINTS,
  type AttachmentEndpoints,
  type ControlChartQuery,
} from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';
import { resourceQueries } from '../../components/resource/resource.queries.ts';
import { downloadBlob } from '../../components/resource/xlsx-export.ts';
import { openInNewTab } from '../../lib/browser-files.ts';

export const INSPECTIONS = INSPECTION_ENDPOINTS.list.path;
const SAMPLING_PLANS = PRODUCTION_INSPECTION_ENDPOINTS.samplingPlans.path;

/** A receipt's mill certificates (the attachment panel's endpoints). */
export const receiptCertificates: AttachmentEndpoints<{ receiptId: string }> = {
  list: RECEIPT_INSPECTION_ENDPOINTS.certificates,
  remove: RECEIPT_INSPECTION_ENDPOINTS.deleteCertificate,
};

export const qualityKeys = {
  samplingPlans: () => [SAMPLING_PLANS] as const,
};

/** The paged list of inspection records (the generic list machinery reads it). */
export const qualityLists = { inspections: INSPECTION_ENDPOINTS.list };

/** The list's filters without its paging, as the statistics and the export take them. */
export type InspectionFilters = Record<string, string | undefined>;

export const qualityQueries = {
  inspection: (id: string | undefined) => resourceQueries.detail(INSPECTION_ENDPOINTS.get, id),
  // A user without the equipment list is answered 403: the screens then filter without machines.
  machines: () => ({ ...resourceQueries.all(EQUIPMENT_NORMAL_ENDPOINTS.all), retry: false, meta: { silent: true } }),
  passRate: (filters: InspectionFilters) =>
    queryOptions({
      queryKey: [INSPECTIONS, 'pass-rate', filters] as const,
      queryFn: ({ signal }) => api.call(INSPECTION_ENDPOINTS.passRate, { params: {}, query: filters, signal }),
    }),
  controlChart: (query: ControlChartQuery | undefined) =>
    queryOptions({
      queryKey: [INSPECTIONS, 'control-chart', query] as const,
      queryFn: ({ signal }) => api.call(INSPECTION_ENDPOINTS.controlChart, { params: {}, query, signal }),
      enabled: query !== undefined,
    }),
  samplingPlans: () =>
    queryOptions({
      queryKey: qualityKeys.samplingPlans(),
      queryFn: ({ signal }) => api.call(PRODUCTION_INSPECTION_ENDPOINTS.samplingPlans, { params: {}, signal }),
    }),
  bundleTrace: (scanId: string | undefined) =>
    queryOptions({
      queryKey: [INSPECTIONS, 'trace', 'bundle', scanId] as const,
      queryFn: ({ signal }) => api.call(TRACE_ENDPOINTS.bundle, { params: { scanId: scanId ?? '' }, signal }),
      enabled: scanId !== undefined,
      retry: false,
    }),
  heatTrace: (heatNo: string | undefined) =>
    queryOptions({
      queryKey: [INSPECTIONS, 'trace', 'heat', heatNo] as const,
      queryFn: ({ signal }) => api.call(TRACE_ENDPOINTS.heat, { params: { heatNo: heatNo ?? '' }, signal }),
      enabled: heatNo !== undefined,
      retry: false,
    }),
};

/** Downloads a server-made file (with the bearer token, so not a plain link). */
async function download(path: string, fallbackName: string, query?: Query) {
  const file = await api.download(path, query);
  downloadBlob(file.fileName ?? fallbackName, file.blob);
}

export const qualityMutations = {
  /** Every record matching the list's filters as .xlsx, with their checks. */
  exportInspections: (fallbackName: string) =>
    mutationOptions({
      mutationFn: (filters: InspectionFilters) => download(`${INSPECTIONS}/export`, `${fallbackName}.xlsx`, filters),
    }),
  /** The recall list of a heat as .xlsx. */
  exportHeat: () =>
    mutationOptions({
      mutationFn: (heatNo: string) =>
        download(`${INSPECTIONS}/trace/heat/${encodeURIComponent(heatNo)}/export`, `${heatNo}.xlsx`),
    }),
  /** Opens a receipt's mill certificate in a new tab (opened first, so the browser does not block it). */
  openCertificate: () =>
    mutationOptions({
      mutationFn: ({ receiptId, fileId }: { receiptId: string; fileId: string }) =>
        openInNewTab(() => api.download(attachmentFilePath(receiptCertificates, { receiptId }, fileId))),
    }),
  saveSamplingPlan: () =>
    mutationOptions({
      mutationFn: ({ techniqueId, everyN }: { techniqueId: string; everyN: number }) =>
        api.call(PRODUCTION_INSPECTION_ENDPOINTS.saveSamplingPlan, { params: { techniqueId }, body: { everyN } }),
    }),
};
