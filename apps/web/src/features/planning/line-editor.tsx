import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Grid,
  Input,
  List,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { MAX_BAR_LENGTH, MAX_LINE_QUANTITY, type Locale } from '@armature/domain';
import { BarShape } from '../../components/bar-shape/bar-shape.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, formatNumber } from '../../lib/number-format.ts';
import {
  editLine,
  effectiveLength,
  estimatedWeight,
  newLine,
  openProblems,
  type LineChanges,
  type LineDraft,
} from './demand-line.ts';
import { LegsEditor } from './legs-editor.tsx';
import { CountInput, LineProblems, SpecSelect, TechniqueSelect } from './line-parts.tsx';
import type { RebarSpec, Technique } from './planning.queries.ts';

type LinesUpdate = (update: (lines: LineDraft[]) => LineDraft[]) => void;

type LineEditorProps = {
  lines: LineDraft[];
  onChange: LinesUpdate;
  specs: readonly RebarSpec[];
  techniques: readonly Technique[];
  /** Refusals of the last save, by line key (the server's or the form's own). */
  refusals: Readonly<Record<string, string[]>>;
};

/** How a line is named on screen and in test ids: its number in the file, else its place in the order. */
const lineNumber = (line: LineDraft, index: number) => line.lineNo ?? index + 1;

const DRAWER_WIDTH = 'min(560px, 100vw)';

/** The props BarShape needs of a line, with lengths in the user's number format. */
const shapeOf = (line: LineDraft, locale: Locale) => ({
  legs: line.geometry,
  length: line.length,
  mandrel: line.mandrel,
  formatLength: (mm: number) => formatNumber(mm, locale, 0),
});

/** Every field of one line, for a phone or for what the table row does not show (shape, techniques…). */
function LineDrawer({
  line,
  number,
  spec,
  specs,
  techniques,
  refusals,
  onEdit,
  onClose,
}: {
  line: LineDraft;
  number: number;
  spec: RebarSpec | undefined;
  specs: readonly RebarSpec[];
  techniques: readonly Technique[];
  refusals: readonly string[];
  onEdit: (changes: LineChanges) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const developed = line.geometry.length > 1 ? effectiveLength({ ...line, length: null }, spec?.diameter) : null;
  const weight = estimatedWeight(line, spec);
  const bothCounts = line.members !== null && line.barsPerMember !== null;
  return (
    <Drawer
      open
      title={t('lines.editTitle', { number, mark: line.mark })}
      size={DRAWER_WIDTH}
      onClose={onClose}
      extra={
        <Button data-testid="line-drawer-done" type="primary" onClick={onClose}>
          {t('lines.done')}
        </Button>
      }
    >
      <Flex vertical gap="middle" data-testid="line-drawer">
        <LineProblems line={line} refusals={refusals} />
        <Form layout="vertical" component="div">
          <Form.Item label={t('fields.mark')} required>
            <Input
              data-testid="line-field-mark"
              value={line.mark}
              maxLength={32}
              status={line.mark.trim() ? undefined : 'error'}
              onChange={(event) => onEdit({ mark: event.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('fields.spec')} required>
            <SpecSelect
              data-testid="line-field-spec"
              line={line}
              specs={specs}
              onChange={(chosen) => onEdit({ rebarId: chosen.id, grade: chosen.grade, diameter: chosen.diameter })}
            />
          </Form.Item>
          <Form.Item label={t('fields.shape')}>
            <Flex vertical gap="small">
              <BarShape {...shapeOf(line, locale)} size="medium" showDimensions title={line.shapeCode ?? undefined} />
              {line.shapeCode && (
                <Tag data-testid="line-shape-code" style={{ alignSelf: 'flex-start' }}>
                  {line.shapeCode}
                </Tag>
              )}
              <LegsEditor
                geometry={line.geometry}
                mandrel={line.mandrel}
                length={line.length}
                onChange={(changes) => onEdit(changes)}
              />
            </Flex>
          </Form.Item>
          <Form.Item
            label={t('fields.length')}
            required={line.geometry.length <= 1}
            extra={developed ? t('lines.developedHint', { length: formatNumber(developed, locale, 0) }) : undefined}
          >
            <CountInput
              testId="line-field-length"
              value={line.length}
              max={MAX_BAR_LENGTH}
              placeholder={developed ? String(developed) : undefined}
              width="100%"
              onChange={(length) => onEdit({ length })}
            />
          </Form.Item>
          <Form.Item label={t('fields.quantityFormula')} required>
            <Flex gap="small" align="center" wrap>
              <CountInput
                testId="line-field-members"
                value={line.members}
                max={MAX_LINE_QUANTITY}
                placeholder={t('fields.members')}
                onChange={(members) => onEdit({ members })}
              />
              <span>×</span>
              <CountInput
                testId="line-field-barsPerMember"
                value={line.barsPerMember}
                max={MAX_LINE_QUANTITY}
                placeholder={t('fields.barsPerMember')}
                onChange={(barsPerMember) => onEdit({ barsPerMember })}
              />
              <span>=</span>
              <CountInput
                testId="line-field-quantity"
                value={line.quantity}
                max={MAX_LINE_QUANTITY}
                disabled={bothCounts}
                placeholder={t('fields.quantity')}
                onChange={(quantity) => onEdit({ quantity })}
              />
            </Flex>
          </Form.Item>
          <Form.Item label={t('fields.techniques')}>
            <TechniqueSelect
              value={line.techniqueIds}
              techniques={techniques}
              locale={locale}
              onChange={(techniqueIds) => onEdit({ techniqueIds })}
            />
          </Form.Item>
          <Form.Item label={t('fields.piecesPerBundle')}>
            <CountInput
              testId="line-field-piecesPerBundle"
              value={line.piecesPerBundle}
              max={10_000}
              width="100%"
              onChange={(piecesPerBundle) => onEdit({ piecesPerBundle })}
            />
          </Form.Item>
          <Form.Item label={t('fields.remark')}>
            <Input
              data-testid="line-field-remark"
              value={line.remark ?? ''}
              maxLength={200}
              onChange={(event) => onEdit({ remark: event.target.value })}
            />
          </Form.Item>
        </Form>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'weight',
              label: t('fields.weightEstimate'),
              children: weight === null ? '—' : `${formatKg(weight, locale)} kg`,
            },
            ...(line.drawing ? [{ key: 'drawing', label: t('fields.drawing'), children: line.drawing }] : []),
          ]}
        />
      </Flex>
    </Drawer>
  );
}

/**
 * The lines of an order being entered, updated or imported: a table with the common fields editable
 * in place on wide screens, cards on phones; every field of a line (its shape above all) in a drawer.
 * A line's problems are shown on it. Paged, so a file of thousands of lines stays usable.
 */
export function LineEditor({ lines, onChange, specs, techniques, refusals }: LineEditorProps) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const phone = Grid.useBreakpoint().md === false;
  const { token } = theme.useToken();
  const [editing, setEditing] = useState<string>();
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  // The lines with problems when the filter was turned on: fixing one keeps it in view.
  const [problemKeys, setProblemKeys] = useState<Set<string> | null>(null);
  const specById = useMemo(() => new Map(specs.map((spec) => [spec.id, spec])), [specs]);
  const numbers = useMemo(() => new Map(lines.map((line, index) => [line.key, lineNumber(line, index)])), [lines]);
  const withProblems = useMemo(
    () => lines.filter((line) => openProblems(line).length > 0 || (refusals[line.key]?.length ?? 0) > 0),
    [lines, refusals],
  );
  const shown = problemKeys ? lines.filter((line) => problemKeys.has(line.key)) : lines;

  const edit = (key: string, changes: LineChanges) =>
    onChange((current) => current.map((line) => (line.key === key ? editLine(line, changes) : line)));
  // Dropped lines, kept (with their place) so that they can be brought back until the order is saved.
  const [dropped, setDropped] = useState<{ line: LineDraft; index: number; number: number }[]>([]);
  const drop = (key: string) => {
    const index = lines.findIndex((line) => line.key === key);
    const line = lines[index];
    if (!line) return;
    setDropped((current) => [...current, { line, index, number: numbers.get(key) ?? index + 1 }]);
    onChange((current) => current.filter((each) => each.key !== key));
  };
  const restore = (key: string) => {
    const back = dropped.find((each) => each.line.key === key);
    if (!back) return;
    setDropped((current) => current.filter((each) => each.line.key !== key));
    onChange((current) => [...current.slice(0, back.index), back.line, ...current.slice(back.index)]);
  };
  const add = () => {
    onChange((current) => [...current, newLine(current[current.length - 1])]);
    const last = Math.ceil((lines.length + 1) / page.pageSize);
    setPage((current) => ({ ...current, current: last }));
  };
  const setSpec = (key: string) => (spec: RebarSpec) =>
    edit(key, { rebarId: spec.id, grade: spec.grade, diameter: spec.diameter });
  const editingLine = lines.find((line) => line.key === editing);

  const rowTestId = (line: LineDraft) => `line-${numbers.get(line.key) ?? ''}`;
  const hasNotes = (line: LineDraft) => line.problems.length > 0 || (refusals[line.key]?.length ?? 0) > 0;
  /** How bad a line is now: an unanswered error (red), else an unanswered warning (amber). */
  const tone = (line: LineDraft) => {
    const open = openProblems(line);
    if ((refusals[line.key]?.length ?? 0) > 0 || open.some((problem) => problem.severity === 'error')) return 'error';
    return open.length > 0 ? 'warning' : undefined;
  };
  const tint = (line: LineDraft) => {
    const lineTone = tone(line);
    return lineTone && { background: lineTone === 'error' ? token.colorErrorBg : token.colorWarningBg };
  };
  const notes = (line: LineDraft) => {
    const lineTone = tone(line);
    return (
      <div
        data-testid={`problems-${numbers.get(line.key) ?? ''}`}
        style={{
          borderInlineStart: `3px solid ${
            lineTone === 'error' ? token.colorError : lineTone === 'warning' ? token.colorWarning : token.colorBorder
          }`,
          paddingInlineStart: 8,
        }}
      >
        <LineProblems line={line} refusals={refusals[line.key] ?? []} />
      </div>
    );
  };
  const problemCount = (line: LineDraft) =>
    openProblems(line).filter((problem) => problem.severity === 'error').length + (refusals[line.key]?.length ?? 0);

  const actions = (line: LineDraft) => (
    <Flex gap={0}>
      <Tooltip title={t('lines.edit')}>
        <Button
          data-testid={`line-edit-${numbers.get(line.key) ?? ''}`}
          type="text"
          size="small"
          aria-label={t('lines.edit')}
          icon={<EditOutlined />}
          onClick={() => setEditing(line.key)}
        />
      </Tooltip>
      <Tooltip title={t('lines.drop')}>
        <Button
          data-testid={`line-drop-${numbers.get(line.key) ?? ''}`}
          type="text"
          size="small"
          danger
          aria-label={t('lines.drop')}
          icon={<DeleteOutlined />}
          onClick={() => drop(line.key)}
        />
      </Tooltip>
    </Flex>
  );

  const columns: TableColumnsType<LineDraft> = [
    {
      title: '#',
      key: 'no',
      width: 48,
      render: (_value, line) => numbers.get(line.key),
    },
    {
      title: t('fields.mark'),
      key: 'mark',
      render: (_value, line) => (
        <Input
          data-testid="line-mark"
          value={line.mark}
          maxLength={32}
          status={line.mark.trim() ? undefined : 'error'}
          onChange={(event) => edit(line.key, { mark: event.target.value })}
          style={{ width: 90 }}
        />
      ),
    },
    {
      title: t('fields.spec'),
      key: 'spec',
      render: (_value, line) => (
        <SpecSelect
          data-testid="line-spec"
          line={line}
          specs={specs}
          onChange={setSpec(line.key)}
          style={{ width: 150 }}
        />
      ),
    },
    {
      title: t('fields.shape'),
      key: 'shape',
      render: (_value, line) => (
        <Button
          data-testid="line-shape"
          type="text"
          aria-label={t('lines.editShape')}
          onClick={() => setEditing(line.key)}
          style={{ height: 'auto', padding: 2 }}
        >
          <Flex vertical align="center">
            <BarShape {...shapeOf(line, locale)} size="small" />
            {line.shapeCode && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {line.shapeCode}
              </Typography.Text>
            )}
          </Flex>
        </Button>
      ),
    },
    {
      title: t('fields.length'),
      key: 'length',
      render: (_value, line) => {
        const developed = effectiveLength({ ...line, length: null }, specById.get(line.rebarId ?? '')?.diameter);
        return (
          <CountInput
            testId="line-length"
            value={line.length}
            max={MAX_BAR_LENGTH}
            placeholder={developed ? String(developed) : undefined}
            status={!line.length && !developed ? 'error' : undefined}
            onChange={(length) => edit(line.key, { length })}
          />
        );
      },
    },
    {
      title: t('fields.quantityFormula'),
      key: 'quantity',
      render: (_value, line) => (
        <Flex gap={4} align="center">
          <CountInput
            testId="line-members"
            value={line.members}
            max={MAX_LINE_QUANTITY}
            width={70}
            onChange={(members) => edit(line.key, { members })}
          />
          ×
          <CountInput
            testId="line-barsPerMember"
            value={line.barsPerMember}
            max={MAX_LINE_QUANTITY}
            width={70}
            onChange={(barsPerMember) => edit(line.key, { barsPerMember })}
          />
          =
          <CountInput
            testId="line-quantity"
            value={line.quantity}
            max={MAX_LINE_QUANTITY}
            width={80}
            disabled={line.members !== null && line.barsPerMember !== null}
            onChange={(quantity) => edit(line.key, { quantity })}
          />
        </Flex>
      ),
    },
    {
      title: t('fields.weightEstimate'),
      key: 'weight',
      align: 'end',
      render: (_value, line) => {
        const weight = estimatedWeight(line, specById.get(line.rebarId ?? ''));
        return weight === null ? '—' : formatKg(weight, locale);
      },
    },
    {
      title: t('lines.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_value, line) => actions(line),
      // A fixed cell paints its own background: it takes the row's tint.
      onCell: (line) => ({ style: tint(line) }),
    },
  ];

  const pagination = {
    ...page,
    total: shown.length,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    size: 'small' as const,
    showTotal: (count: number) => t('lines.total', { count }),
    onChange: (current: number, pageSize: number) => setPage({ current, pageSize }),
  };

  return (
    <Card
      size="small"
      data-testid="line-editor"
      title={t('lines.title', { count: lines.length })}
      extra={
        <Flex gap="small" align="center" wrap>
          {(withProblems.length > 0 || problemKeys) && (
            <Flex gap={4} align="center">
              <Switch
                data-testid="lines-only-problems"
                size="small"
                checked={problemKeys !== null}
                onChange={(checked) => {
                  setProblemKeys(checked ? new Set(withProblems.map((line) => line.key)) : null);
                  setPage((current) => ({ ...current, current: 1 }));
                }}
              />
              <span>{t('lines.onlyProblems', { count: withProblems.length })}</span>
            </Flex>
          )}
          <Button data-testid="line-add" size="small" icon={<PlusOutlined />} onClick={add}>
            {t('lines.add')}
          </Button>
        </Flex>
      }
    >
      {dropped.length > 0 && (
        <Flex data-testid="lines-dropped" gap="small" align="center" wrap style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('lines.dropped', { count: dropped.length })}</Typography.Text>
          {dropped.map(({ line, number }) => (
            <Button
              key={line.key}
              data-testid={`line-restore-${number}`}
              size="small"
              icon={<UndoOutlined />}
              onClick={() => restore(line.key)}
            >
              {t('lines.restore', { number, mark: line.mark })}
            </Button>
          ))}
        </Flex>
      )}
      {phone ? (
        <div data-testid="line-cards">
          <List<LineDraft>
            className="line-cards"
            dataSource={shown}
            rowKey="key"
            pagination={{ ...pagination, align: 'center' }}
            renderItem={(line) => {
              const spec = specById.get(line.rebarId ?? '');
              const length = effectiveLength(line, spec?.diameter);
              const weight = estimatedWeight(line, spec);
              return (
                <List.Item data-testid={rowTestId(line)} data-problems={problemCount(line)} extra={actions(line)}>
                  <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
                    <Flex gap="small" align="center" wrap>
                      <Typography.Text strong>
                        #{numbers.get(line.key)} {line.mark}
                      </Typography.Text>
                      <Typography.Text type={spec ? undefined : 'danger'}>
                        {spec?.name ?? `${line.grade} Φ${line.diameter ?? '?'}`}
                      </Typography.Text>
                      {line.shapeCode && <Tag>{line.shapeCode}</Tag>}
                    </Flex>
                    <Button
                      type="text"
                      aria-label={t('lines.editShape')}
                      onClick={() => setEditing(line.key)}
                      style={{ height: 'auto', padding: 2, alignSelf: 'flex-start' }}
                    >
                      <BarShape {...shapeOf(line, locale)} size={{ width: 200, height: 60 }} />
                    </Button>
                    <Typography.Text type="secondary">
                      {t('lines.summary', {
                        length: length === null ? '—' : formatNumber(length, locale, 0),
                        quantity: line.quantity === null ? '—' : formatNumber(line.quantity, locale, 0),
                        weight: weight === null ? '—' : formatKg(weight, locale),
                      })}
                    </Typography.Text>
                    {hasNotes(line) && notes(line)}
                  </Flex>
                </List.Item>
              );
            }}
          />
        </div>
      ) : (
        <Table<LineDraft>
          data-testid="line-table"
          size="small"
          rowKey="key"
          columns={columns}
          dataSource={shown}
          scroll={{ x: 'max-content' }}
          pagination={pagination}
          onRow={(line) => {
            return {
              'data-testid': rowTestId(line),
              'data-problems': problemCount(line),
              style: tint(line),
            } as object;
          }}
          // A line's problems are written under it, across the table (always open while it has any).
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: shown.filter(hasNotes).map((line) => line.key),
            rowExpandable: hasNotes,
            expandedRowRender: notes,
          }}
        />
      )}
      {editingLine && (
        <LineDrawer
          line={editingLine}
          number={numbers.get(editingLine.key) ?? 0}
          spec={specById.get(editingLine.rebarId ?? '')}
          specs={specs}
          techniques={techniques}
          refusals={refusals[editingLine.key] ?? []}
          onEdit={(changes) => edit(editingLine.key, changes)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
}
