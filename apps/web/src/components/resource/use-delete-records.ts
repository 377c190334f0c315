import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback.tsx';
import { api } from '../../lib/api-client.ts';

type Deletable = { id: string; label: string };

/**
 * Deletes records of `resource` after the global confirm dialog, then refreshes every query of the
 * resource. Several records are deleted independently, so one refusal (a role in use, oneself) does not
 * keep the others; the first refusal is rethrown for the global error message.
 */
export function useDeleteRecords(resource: string) {
  const { t } = useTranslation('resource');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (records: Deletable[]) => {
      const results = await Promise.allSettled(records.map((record) => api.delete(`${resource}/${record.id}`)));
      const refused = results.find((result) => result.status === 'rejected');
      if (refused) throw refused.reason;
    },
    onSuccess: (_data, records) => notify.success(t('messages.deleted', { count: records.length })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [resource] }),
  });

  return (records: Deletable[], onDone?: () => void) =>
    confirm({
      content: t('messages.confirmDelete', {
        count: records.length,
        names: records.map((record) => record.label).join(t('list.separator')),
      }),
      onOk: () => mutation.mutateAsync(records).then(onDone, () => undefined),
    });
}
