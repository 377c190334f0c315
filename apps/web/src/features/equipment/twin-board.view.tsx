import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { OPERATION_STATUSES, OPERATION_STATUS_LABELS, stateCounts, type OperationStatus } from '@armature/domain';
import { useLocale } from '../../lib/i18n.ts';
import { TwinMachineCard } from './twin-card.tsx';
import { useLiveBoard } from './use-live-board.ts';
import { useNow } from './use-now.ts';
import { useAddressParams } from '../../lib/address-params.ts';

/** As many columns as fit cards of at least 280 px: one on a phone. */
const BOARD_GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
  gap: 12,
} as const;

function isState(value: string | null): value is OperationStatus {
  return (OPERATION_STATUSES as readonly (string | null)[]).includes(value);
}

/**
 * The digital-twin overview (`/intelligentProcess/taskCenter/digitalTwinOverview`): a card per machine
 * of the current product, live, filtered by state (each with its count; the filter is in the address).
 * A card opens the machine's detail.
 */
export default function TwinBoardView() {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params, changeParams] = useAddressParams();
  const { board, reconnecting } = useLiveBoard();
  const now = useNow();
  const chosen = params.get('state');
  const state = isState(chosen) ? chosen : null;
  const cards = board.data?.items ?? [];
  const counts = stateCounts(cards);
  const shown = state ? cards.filter((card) => card.operationStatus === state) : cards;
  const choose = (next: OperationStatus | null) =>
    changeParams((changed) => (next ? changed.set('state', next) : changed.delete('state')), { replace: true });

  return (
    <Card
      data-testid="screen-page"
      title={t('titles.board')}
      extra={
        board.data && (
          <Typography.Text type="secondary" data-testid="board-day">
            {t('board.day', { day: board.data.day })}
          </Typography.Text>
        )
      }
    >
      <Flex gap={4} wrap style={{ marginBottom: 12 }} data-testid="board-filter">
        <Tag.CheckableTag data-testid="board-filter-all" checked={state === null} onChange={() => choose(null)}>
          {t('board.all', { count: cards.length })}
        </Tag.CheckableTag>
        {OPERATION_STATUSES.map((value) => (
          <Tag.CheckableTag
            key={value}
            data-testid={`board-filter-${value}`}
            checked={state === value}
            onChange={() => choose(value)}
          >
            {OPERATION_STATUS_LABELS[value][locale]} ({counts[value]})
          </Tag.CheckableTag>
        ))}
      </Flex>
      {reconnecting && (
        <Alert
          data-testid="board-reconnecting"
          type="warning"
          showIcon
          title={t('board.reconnecting')}
          style={{ marginBottom: 12 }}
        />
      )}
      {board.isLoading && <Skeleton active />}
      {board.data && shown.length === 0 && (
        <Empty description={cards.length === 0 ? t('board.noMachines') : t('board.noneInState')} />
      )}
      {board.data && shown.length > 0 && (
        <div style={BOARD_GRID} data-testid="twin-board">
          {shown.map((card) => (
            <TwinMachineCard
              key={card.equipmentId}
              card={card}
              now={now}
              offsetMs={board.data.clockOffsetMs}
              onOpen={() =>
                void navigate(`${pathname}/detail/${card.equipmentId}`, { state: { back: `${pathname}${search}` } })
              }
            />
          ))}
        </div>
      )}
    </Card>
  );
}
