import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, Card, Descriptions, Flex, Result, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { stripRouteSuffix } from '@armature/domain';
import { usePageButtons } from '../page-access.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatDateTime } from './date-time.ts';
import { FieldCell } from './field-cell.tsx';
import { fieldTitle } from './field-values.ts';
import type { ResourceEndpoint } from '@armature/domain';
import { crudOf, fieldsOf, type ResourceItem } from './resource-endpoint.ts';
import { resourceQueries } from './resource.queries.ts';
import { useListPath } from './use-record-form.ts';

type ResourceDetailViewProps = {
  endpoint: ResourceEndpoint;
  /** A resource's own buttons beside "edit" (converting a won lead). */
  actions?: (item: ResourceItem) => ReactNode;
};

/** The read-only page (`…/detail/:id`) of any resource: every field, long texts included, and its times. */
export function ResourceDetailView({ endpoint, actions }: ResourceDetailViewProps) {
  const { t } = useTranslation('resource');
  const locale = useLocale();
  const { id } = useParams();
  const navigate = useNavigate();
  const listPath = useListPath();
  const pageUrl = stripRouteSuffix(useLocation().pathname);
  const buttons = usePageButtons();
  const { resource } = endpoint;
  // The same cache entry as the update page, so opening "edit" from here shows the record at once.
  const record = useQuery(resourceQueries.detail(crudOf(endpoint).get, id));
  const item = record.data;
  const back = () => void navigate(listPath);
  const canEdit = resource.operations.includes('update') && buttons.has('update');

  return (
    <Card
      data-testid="detail"
      title={item ? t('detail.title', { title: resource.label[locale], name: item[resource.labelField] ?? '' }) : null}
      extra={
        <Flex gap="small" wrap justify="end">
          {item && actions?.(item)}
          {canEdit && item && (
            <Button
              data-testid="detail-edit"
              icon={<EditOutlined />}
              onClick={() => void navigate(`${pageUrl}/update/${item.id}`, { state: { back: listPath } })}
            >
              {t('actions.edit')}
            </Button>
          )}
          <Button data-testid="detail-back" onClick={back}>
            {t('actions.back')}
          </Button>
        </Flex>
      }
    >
      {record.isLoading && <Skeleton active />}
      {record.isError && <Result status="warning" title={t('messages.loadFailed')} />}
      {item && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            ...fieldsOf(resource).map(([name, field]) => ({
              key: name,
              label: fieldTitle(field, locale),
              span:
                (field.kind === 'text' && field.multiline) || field.kind === 'partList'
                  ? ('filled' as const)
                  : undefined,
              children: (
                <span data-testid={`detail-${name}`}>
                  <FieldCell record={item} name={name} field={field} separator={t('list.separator')} />
                </span>
              ),
            })),
            { key: 'creationTime', label: t('fields.creationTime'), children: formatDateTime(item.creationTime) },
            {
              key: 'lastModificationTime',
              label: t('fields.lastModificationTime'),
              children: item.lastModificationTime && formatDateTime(item.lastModificationTime),
            },
          ]}
        />
      )}
    </Card>
  );
}
