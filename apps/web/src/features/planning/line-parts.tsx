import { useTranslation } from 'react-i18next';
import { Flex, InputNumber, Select, Typography, type SelectProps } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { localizedName, type ImportProblem, type Locale } from '@armature/domain';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { openProblems, type LineDraft } from './demand-line.ts';
import type { RebarSpec, Technique } from './planning.queries.ts';

/** A spec's select: the product's specs, those of the line's diameter first. */
export function SpecSelect({
  line,
  specs,
  onChange,
  ...props
}: { line: LineDraft; specs: readonly RebarSpec[]; onChange: (spec: RebarSpec) => void } & Omit<
  SelectProps<string>,
  'onChange' | 'options' | 'value'
>) {
  const { t } = useTranslation('planning');
  const sameDiameter = specs.filter((spec) => spec.diameter === line.diameter);
  const others = specs.filter((spec) => spec.diameter !== line.diameter);
  const options = [...sameDiameter, ...others].map((spec) => ({ value: spec.id, label: spec.name }));
  const fromFile = [line.grade, line.diameter === null ? '' : `Φ${line.diameter}`].filter(Boolean).join(' ');
  return (
    <Select<string>
      showSearch={{ optionFilterProp: 'label' }}
      value={line.rebarId ?? undefined}
      placeholder={fromFile || t('fields.spec')}
      status={line.rebarId ? undefined : 'error'}
      options={options}
      onChange={(id) => {
        const spec = specs.find((candidate) => candidate.id === id);
        if (spec) onChange(spec);
      }}
      {...props}
    />
  );
}

/** A whole, positive number (a length or a count) of a line. */
export function CountInput({
  value,
  onChange,
  max,
  placeholder,
  testId,
  width = 100,
  disabled,
  status,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
  max: number;
  placeholder?: string;
  testId: string;
  width?: number | string;
  disabled?: boolean;
  status?: 'error';
}) {
  return (
    <InputNumber<number>
      data-testid={testId}
      value={value}
      min={1}
      max={max}
      precision={0}
      placeholder={placeholder}
      disabled={disabled}
      status={status}
      onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
      onChange={(next) => onChange(next ?? null)}
      style={{ width }}
    />
  );
}

/** The techniques a line needs (their names in the interface language). */
export function TechniqueSelect({
  value,
  techniques,
  locale,
  onChange,
}: {
  value: string[];
  techniques: readonly Technique[];
  locale: Locale;
  onChange: (ids: string[]) => void;
}) {
  return (
    <Select<string[]>
      data-testid="field-techniqueIds"
      mode="multiple"
      allowClear
      value={value}
      options={techniques.map((technique) => ({ value: technique.id, label: localizedName(technique, locale) }))}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
      style={{ width: '100%' }}
    />
  );
}

function ProblemText({ problem }: { problem: Pick<ImportProblem, 'severity' | 'message' | 'code'> }) {
  const error = problem.severity === 'error';
  return (
    <Typography.Text
      data-testid={`problem-${problem.code}`}
      data-severity={problem.severity}
      type={error ? 'danger' : 'warning'}
      style={{ fontSize: 12 }}
    >
      {error ? <CloseCircleOutlined /> : <WarningOutlined />} {problem.message}
    </Typography.Text>
  );
}

/**
 * What is wrong with a line: the preview's problems the user has not answered yet (errors red, warnings
 * amber), those answered (struck through, the server checks again on save), and the server's or the
 * form's own refusals of the last save.
 */
export function LineProblems({ line, refusals }: { line: LineDraft; refusals: readonly string[] }) {
  const { t } = useTranslation('planning');
  const open = openProblems(line);
  const handled = line.problems.filter((problem) => !open.includes(problem));
  if (open.length === 0 && handled.length === 0 && refusals.length === 0) return null;
  return (
    <Flex vertical gap={2} data-testid="line-problems">
      {open.map((problem, index) => (
        <ProblemText key={`o${index}`} problem={problem} />
      ))}
      {refusals.map((message, index) => (
        <ProblemText key={`r${index}`} problem={{ severity: 'error', message, code: 'invalid_value' }} />
      ))}
      {handled.map((problem, index) => (
        <Typography.Text
          key={`h${index}`}
          data-testid="problem-handled"
          type="secondary"
          delete
          style={{ fontSize: 12 }}
          title={t('import.handled')}
        >
          <CheckCircleOutlined /> {problem.message}
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** The props BarShape needs of a line, with lengths in the user's number format. */
export const shapeOf = (line: LineDraft, locale: Locale) => ({
  legs: line.geometry,
  length: line.length,
  mandrel: line.mandrel,
  formatLength: (mm: number) => formatNumber(mm, locale, 0),
});
