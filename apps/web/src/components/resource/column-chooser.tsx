import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';

type ColumnChooserProps = {
  columns: { key: string; title: string }[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
};

/** A toolbar button listing the columns with a check box each, to show or hide them. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const { t } = useTranslation('resource');
  const shown = columns.filter((column) => !hidden.has(column.key)).map((column) => column.key);
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.columns')}
      content={
        <Checkbox.Group
          data-testid="list-columns-options"
          style={{ display: 'flex', flexDirection: 'column' }}
          value={shown}
          options={columns.map((column) => ({ value: column.key, label: column.title }))}
          onChange={(keys) =>
            onChange(new Set(columns.map((column) => column.key).filter((key) => !keys.includes(key))))
          }
        />
      }
    >
      <Tooltip title={t('list.columns')}>
        <Button data-testid="list-columns" icon={<SettingOutlined />} aria-label={t('list.columns')} />
      </Tooltip>
    </Popover>
  );
}
