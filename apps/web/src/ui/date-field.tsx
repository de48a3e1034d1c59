import { DateInput, type DateInputProps, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import 'dayjs/locale/en-gb';
import '@mantine/dates/styles.css';
import { fromPickerDateTime, parseUkDate, toPickerDateTime } from './input-values';

/**
 * The one date field: typed and shown day first ('05/01/2027'), a calendar starting on Monday, and
 * the value a form holds and the API takes, 'YYYY-MM-DD' ('' when empty). A drop-in for
 * `<TextInput type="date" {...form.getInputProps(field)} />`.
 */
export function DateField({
  value,
  onChange,
  required,
  clearable,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string | null;
  onChange?: (value: string) => void;
}) {
  return (
    <DateInput
      valueFormat="DD/MM/YYYY"
      placeholder="DD/MM/YYYY"
      locale="en-gb"
      firstDayOfWeek={1}
      dateParser={parseUkDate}
      required={required}
      clearable={clearable ?? !required}
      clearButtonProps={{ 'aria-label': 'Clear the date' }}
      allowDeselect={false}
      {...props}
      value={value || null}
      onChange={(day) => onChange?.(day ?? '')}
    />
  );
}

/**
 * The one date-and-time field: shown as '05/01/2027 14:03' in the viewer's time, holding the
 * wall-clock 'YYYY-MM-DDTHH:mm' a `datetime-local` input held. A drop-in for
 * `<TextInput type="datetime-local" {...form.getInputProps(field)} />`.
 */
export function DateTimeField({
  value,
  onChange,
  required,
  clearable,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange' | 'defaultValue'> & {
  value?: string | null;
  onChange?: (value: string) => void;
}) {
  return (
    <DateTimePicker
      valueFormat="DD/MM/YYYY HH:mm"
      placeholder="DD/MM/YYYY HH:mm"
      locale="en-gb"
      firstDayOfWeek={1}
      required={required}
      clearable={clearable ?? !required}
      clearButtonProps={{ 'aria-label': 'Clear the date' }}
      {...props}
      value={toPickerDateTime(value)}
      onChange={(moment) => onChange?.(fromPickerDateTime(moment))}
    />
  );
}
