import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { clientResource, pageUrlOf, salesLeadResource } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import type { ResourceItem } from '../../components/resource/resource-endpoint.ts';
import { resourceKeys } from '../../components/resource/resource.queries.ts';
import { isConvertible } from './sales-lead-choices.ts';
import { convertLeadMutation } from './sales.queries.ts';

/**
 * "Convert to client" on a won lead (admins: the permission is admin-only): asks first, then opens the
 * new client in the client list.
 */
export function ConvertLeadButton({ lead }: { lead: ResourceItem }) {
  const { t } = useTranslation('sales');
  const { confirm, notify } = useFeedback();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const buttons = usePageButtons();
  const convert = useMutation(convertLeadMutation(lead.id));
  if (!isConvertible(lead) || !buttons.has('convert')) return null;

  const onClick = () =>
    void confirm({
      title: t('convert.title'),
      content: t('convert.confirm', { company: String(lead.company) }),
      onOk: async () => {
        const client = await convert.mutateAsync();
        notify.success(t('convert.done', { code: client.code }));
        void queryClient.invalidateQueries({ queryKey: resourceKeys.root(salesLeadResource.path) });
        void queryClient.invalidateQueries({ queryKey: resourceKeys.root(clientResource.path) });
        void navigate(`${pageUrlOf(clientResource.page)}?q=${encodeURIComponent(client.code)}`);
      },
    });

  return (
    <Button type="primary" icon={<UserAddOutlined />} onClick={onClick} data-testid="lead-convert">
      {t('convert.button')}
    </Button>
  );
}
