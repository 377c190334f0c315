import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Grid, Switch, Table, Tooltip, Typography, theme } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { editLine, newLine, openProblems, type LineChanges, type LineDraft } from './demand-line.ts';
import { LineProblems } from './line-parts.tsx';
import { LineCards } from './line-cards.tsx';
import { useLineColumns } from './line-columns.tsx';
import { LineDrawer } from './line-drawer.tsx';
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

/**
 * The lines of an order being entered, updated or imported: a table with the common fields editable
 * in place on wide screens, cards on phones; every field of a line (its shape above all) in a drawer.
 * A line's problems are shown on it. Paged, so a file of thousands of lines stays usable.
 */
export function LineEditor({ lines, onChange, specs, techniques, refusals }: LineEditorProps) {
  const { t } = useTranslation('planning');
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
    return lineTone ? { background: lineTone === 'error' ? token.colorErrorBg : token.colorWarningBg } : undefined;
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

  const columns = useLineColumns({
    numbers,
    specs,
    specById,
    edit,
    openLine: setEditing,
    actions,
    tint,
  });

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
          <LineCards
            lines={shown}
            pagination={{ ...pagination, align: 'center' }}
            numbers={numbers}
            specById={specById}
            rowTestId={rowTestId}
            problemCount={problemCount}
            hasNotes={hasNotes}
            notes={notes}
            actions={actions}
            openLine={setEditing}
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
