import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import type { MaterialWork } from './material-short.ts';
import { missingMaterialLines } from './task-material-tag.tsx';

/**
 * What a release or dispatch confirm says when work lacks bars (the product's `materialCheck` at `warn`
 * lets it through): each task or job with what it misses, and the question `anyway`. With `block` the
 * server refuses instead, and the screen shows its message.
 */
export function MaterialShortList({ short, anyway }: { short: readonly MaterialWork[]; anyway: string }) {
  const { t } = useTranslation('processing');
  return (
    <Flex vertical gap="small" data-testid="material-short">
      <Typography.Text type="danger">{t('material.shortList')}</Typography.Text>
      <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 240, overflowY: 'auto' }}>
        {short.map((each, index) => (
          // Two jobs of a schedule may share a label (the same mark cut twice).
          <li key={`${index}-${each.code}`} data-testid={`material-short-${each.code}`}>
            <Typography.Text strong>{each.code}</Typography.Text>: {missingMaterialLines(each.material!, t).join('; ')}
          </li>
        ))}
      </ul>
      <Typography.Text>{anyway}</Typography.Text>
    </Flex>
  );
}
