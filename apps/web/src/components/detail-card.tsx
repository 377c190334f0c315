import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, Card, Flex, Grid, Result, Skeleton } from 'antd';
import { useListPath } from './resource/use-record-form.ts';

/**
 * The frame of a document's detail page: its title, its buttons and the way back to the list — beside the
 * title, or under it on a phone, which keeps a long document code whole — the loading and failed states,
 * then the document.
 */
export function DetailCard(props: {
  title: ReactNode;
  buttons: ReactNode;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('resource');
  const navigate = useNavigate();
  const listPath = useListPath();
  const phone = Grid.useBreakpoint().md === false;
  const toolbar = (
    <Flex gap="small" wrap justify={phone ? 'start' : 'end'}>
      {props.buttons}
      <Button data-testid="detail-back" onClick={() => void navigate(listPath)}>
        {t('actions.back')}
      </Button>
    </Flex>
  );
  return (
    <Card
      data-testid="detail"
      title={props.title && <span data-testid="detail-title">{props.title}</span>}
      extra={!phone && toolbar}
    >
      {phone && <div style={{ marginBottom: 12 }}>{toolbar}</div>}
      {props.loading && <Skeleton active />}
      {props.failed && <Result status="warning" title={t('messages.loadFailed')} />}
      {props.children}
    </Card>
  );
}
