import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback.tsx';
import { resourceKeys, resourceMutations } from './resource.queries.ts';

type Deletable = { id: string; label: string };

/**
 * Deletes records of `resource` after the global confirm dialog, then refreshes every query of the
 * resource (see `resourceMutations.delete` for several at once).
 */
export function useDeleteRecords(resource: string) {
  const { t } = useTranslation('resource');
  const { notify, confirm } = useFeedback();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...resourceMutations.delete(resource),
    onSuccess: (_data, ids) => notify.success(t('messages.deleted', { count: ids.length })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKeys.root(resource) }),
  });

  return (records: Deletable[], onDone?: () => void) =>
    confirm({
      content: t('messages.confirmDelete', {
        count: records.length,
        names: records.map((record) => record.label).join(t('list.separator')),
      }),
      onOk: () => mutation.mutateAsync(records.map((record) => record.id)).then(onDone, () => undefined),
    });
}
