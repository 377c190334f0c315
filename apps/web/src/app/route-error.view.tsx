import type { ReactNode } from 'react';
import { Button, Flex, Space, Spin } from 'antd';
import { CloseCircleOutlined, StopOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { Heading, SecondaryParagraph } from '../components/plain-text.tsx';

/** Shown while the first route's loaders and chunks load. */
export function PageSpinner() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}

/**
 * A plain status page. antd's Result would do, but it bundles its illustrations into the first
 * chunk every page loads, and these views must be there before any other chunk (see LoadFailedView).
 */
function StatusView({
  testId,
  icon,
  title,
  description,
  actions,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  description: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex
      vertical
      align="center"
      gap="small"
      style={{ padding: '48px 16px', textAlign: 'center' }}
      data-testid={testId}
    >
      <Heading level={1} secondary style={{ margin: 0 }}>
        {icon}
      </Heading>
      <Heading level={3}>{title}</Heading>
      <SecondaryParagraph>{description}</SecondaryParagraph>
      <Space>
        {actions}
        <Button onClick={() => void navigate('/')} data-testid="back-home">
          {t('actions.backHome')}
        </Button>
      </Space>
    </Flex>
  );
}

export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="not-found"
      icon={<WarningOutlined />}
      title={t('errors.notFound.title')}
      description={t('errors.notFound.description')}
    />
  );
}

export function NoPermissionView() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="no-permission"
      icon={<StopOutlined />}
      title={t('errors.noPermission.title')}
      description={t('errors.noPermission.description')}
    />
  );
}

/**
 * A preload error: a screen's chunk failed to load (network, or a new deployment replaced
 * it). Reloading fetches the current chunks.
 */
function LoadFailedView() {
  const { t } = useTranslation();
  return (
    <StatusView
      testId="load-error"
      icon={<CloseCircleOutlined />}
      title={t('errors.loadFailed.title')}
      description={t('errors.loadFailed.description')}
      actions={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="reload">
          {t('actions.reload')}
        </Button>
      }
    />
  );
}

export function RouteErrorView() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NoPermissionView />;
  return <LoadFailedView />;
}
