import { mutationOptions } from '@tanstack/react-query';
import { labelPrinterResource, TAG_PRINT_ENDPOINTS, type TagSelection, type ZplDpi } from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';
import { resourceQueries } from '../resource/resource.queries.ts';
import { resourceCrud } from '../resource/resource-endpoint.ts';
import { openInNewTab, saveFile } from '../../lib/browser-files.ts';

/**
 * Whose tags: a task's bundles (`/api/task/{id}/tags`, the operator's permission), or a selection of the
 * line's bundles — an order's, a schedule's, a machine's, a shift's, a delivery note's
 * (`/api/bundle/tags`, the delivery print permission); or the labels of the offcut lots a task kept
 * (`/api/task/{id}/offcut-labels`).
 */
export type TagTarget = { taskId: string } | { selection: TagSelection } | { offcutsOf: string };

/** Where a target's tags download from (a file, so a path), and what names the selection. */
function tagDownload(target: TagTarget): { download: string; query: Query } {
  // The labels of the offcut lots a task kept print the same ways as its bundles' tags.
  if ('offcutsOf' in target) return { download: `task/${target.offcutsOf}/offcut-labels`, query: {} };
  if ('taskId' in target) return { download: `task/${target.taskId}/tags`, query: {} };
  const query = Object.fromEntries(Object.entries(target.selection).filter(([, value]) => value !== undefined));
  return { download: 'bundle/tags', query: query as Query };
}

/** Sends a target's tags to one of the line's label printers. */
function printTags(target: TagTarget, printerId: string) {
  if ('offcutsOf' in target)
    return api.call(TAG_PRINT_ENDPOINTS.offcutLabels, { params: { id: target.offcutsOf }, body: { printerId } });
  if ('taskId' in target)
    return api.call(TAG_PRINT_ENDPOINTS.task, { params: { id: target.taskId }, body: { printerId } });
  return api.call(TAG_PRINT_ENDPOINTS.bundles, { params: {}, body: { ...target.selection, printerId } });
}

/** The label printer this device sends to: a workstation keeps its own (it names no one, holds no secret). */
export const PRINTER_KEY = 'armature.labelPrinter';

/** The line's label printers, to send tags to (`/api/labelPrinter/all`); none shown to whom may not read them. */
export const labelPrintersQuery = () => ({
  ...resourceQueries.all(resourceCrud(labelPrinterResource).all),
  meta: { silent: true },
});

export const tagPrintMutations = {
  /** The tags' PDF (a label per page, or several per A4), opened in a new tab. */
  pdf: () =>
    mutationOptions({
      mutationFn: async ({ target, layout }: { target: TagTarget; layout: 'label' | 'a4' }) => {
        const { download, query } = tagDownload(target);
        await openInNewTab(() => api.download(download, { ...query, layout }));
      },
    }),
  /** The tags as a ZPL file for a thermal printer of that resolution, saved by the browser. */
  zpl: () =>
    mutationOptions({
      mutationFn: async ({ target, dpi }: { target: TagTarget; dpi: ZplDpi }) => {
        const { download, query } = tagDownload(target);
        const file = await api.download(download, { ...query, format: 'zpl', dpi });
        saveFile(file.blob, file.fileName ?? `tags-${dpi}dpi.zpl`);
      },
    }),
  /** The tags sent as ZPL to one of the line's label printers. */
  print: () =>
    mutationOptions({
      mutationFn: ({ target, printerId }: { target: TagTarget; printerId: string }) => printTags(target, printerId),
    }),
};
