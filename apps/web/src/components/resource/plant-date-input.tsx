import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

export const PLANT_DATE_FORMAT = 'YYYY-MM-DD';

type PlantDateInputProps = {
  value?: unknown;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  'data-testid'?: string;
};

/** A plant date (`YYYY-MM-DD`) picked on a calendar: the form holds the text the API takes, not a dayjs. */
export function PlantDateInput({ value, onChange, ...props }: PlantDateInputProps) {
  return (
    <DatePicker
      {...props}
      format={PLANT_DATE_FORMAT}
      value={typeof value === 'string' && value ? dayjs(value, PLANT_DATE_FORMAT) : null}
      onChange={(day: Dayjs | null) => onChange?.(day ? day.format(PLANT_DATE_FORMAT) : null)}
      style={{ width: '100%' }}
    />
  );
}
