import { mutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { labelPrinterResource, printTagsResultSchema, type TagSelection, type ZplDpi } from '@armature/domain';
import { api, type Query } from '../../lib/api-client.ts';
import { resourceQueries } from '../resource/resource.queries.ts';

/**
 * Whose tags: a task's bundles (`/api/task/{id}/tags`, the operator's permission), or a selection of the
 * line's bundles — an order's, a schedule's, a machine's, a shift's, a delivery note's
 * (`/api/bundle/tags`, the delivery print permission).
 */
export type TagTarget = { taskId: string } | { selection: TagSelection };

/** Where a target's tags download from and are sent to a printer, and what names the selection. */
export function tagEndpoints(target: TagTarget): { download: string; print: string; query: Query } {
  if ('taskId' in target)
    return { download: `task/${target.taskId}/tags`, print: `task/${target.taskId}/tags/print`, query: {} };
  const query = Object.fromEntries(Object.entries(target.selection).filter(([, value]) => value !== undefined));
  return { download: 'bundle/tags', print: 'bundle/tags/print', query: query as Query };
}

/** The label printer this device sends to: a workstation keeps its own (it names no one, holds no secret). */
export const PRINTER_KEY = 'armature.labelPrinter';

/** What a print button needs of a label printer. */
const printerChoiceSchema = z.object({ id: z.string(), name: z.string() });

/** The line's label printers, to send tags to (`/api/labelPrinter/all`); none shown to whom may not read them. */
export const labelPrintersQuery = () => ({
  ...resourceQueries.all(labelPrinterResource.path, printerChoiceSchema),
  meta: { silent: true },
});

/** Saves a downloaded file under the name the server gave it. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const tagPrintMutations = {
  /** The tags' PDF (a label per page, or several per A4), opened in a new tab. */
  pdf: () =>
    mutationOptions({
      mutationFn: async ({ target, layout }: { target: TagTarget; layout: 'label' | 'a4' }) => {
        // The tab opens before the download so that the browser does not take it for a pop-up.
        const tab = window.open('', '_blank');
        const { download, query } = tagEndpoints(target);
        const file = await api.download(download, { ...query, layout });
        const url = URL.createObjectURL(file.blob);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
    }),
  /** The tags as a ZPL file for a thermal printer of that resolution, saved by the browser. */
  zpl: () =>
    mutationOptions({
      mutationFn: async ({ target, dpi }: { target: TagTarget; dpi: ZplDpi }) => {
        const { download, query } = tagEndpoints(target);
        const file = await api.download(download, { ...query, format: 'zpl', dpi });
        save(file.blob, file.fileName ?? `tags-${dpi}dpi.zpl`);
      },
    }),
  /** The tags sent as ZPL to one of the line's label printers. */
  print: () =>
    mutationOptions({
      mutationFn: ({ target, printerId }: { target: TagTarget; printerId: string }) => {
        const { print, query } = tagEndpoints(target);
        return api.post(print, { ...query, printerId }, { schema: printTagsResultSchema });
      },
    }),
};
