import { mutationOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { labelPrinterResource, printTagsResultSchema, type ZplDpi } from '@armature/domain';
import { api } from '../../lib/api-client.ts';
import { resourceQueries } from '../../components/resource/resource.queries.ts';
import { TASKS } from './processing.queries.ts';

/** What a print button needs of a label printer. */
const printerChoiceSchema = z.object({ id: z.string(), name: z.string() });

/** The line's label printers, to send tags to (`/api/labelPrinter/all`). */
export const labelPrintersQuery = () => ({
  ...resourceQueries.all(labelPrinterResource.path, printerChoiceSchema),
  meta: { silent: true },
});

export const tagPrintMutations = {
  /** A task's tags as a ZPL file for a thermal printer of that resolution, saved by the browser. */
  zpl: () =>
    mutationOptions({
      mutationFn: async ({ id, dpi }: { id: string; dpi: ZplDpi }) => {
        const file = await api.download(`${TASKS}/${id}/tags`, { format: 'zpl', dpi });
        const url = URL.createObjectURL(file.blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = file.fileName ?? `tags-${dpi}dpi.zpl`;
        document.body.append(link);
        link.click();
        link.remove();
        // Revoked once the browser has taken the download.
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      },
    }),
  /** A task's tags sent as ZPL to one of the line's label printers. */
  print: () =>
    mutationOptions({
      mutationFn: ({ id, printerId }: { id: string; printerId: string }) =>
        api.post(`${TASKS}/${id}/tags/print`, { printerId }, { schema: printTagsResultSchema }),
    }),
};
