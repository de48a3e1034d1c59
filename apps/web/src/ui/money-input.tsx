import { NumberInput, type NumberInputProps } from '@mantine/core';
import { currencySymbol } from '@platform/domain';
import { toAmountString } from './input-values';

/**
 * The one money field: the currency's symbol before the amount, digits grouped as they are typed
 * ('12,500.50'), at most two decimal places, and the value kept as the exact string the API takes
 * ('12500.50', '' when empty), never a float. A drop-in for
 * `<TextInput inputMode="decimal" {...form.getInputProps(field)} />`.
 */
export function MoneyInput({
  currency,
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  currency: string;
  value?: string | null;
  onChange?: (value: string) => void;
}) {
  return (
    <NumberInput
      thousandSeparator=","
      decimalSeparator="."
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
      leftSection={currencySymbol(currency)}
      leftSectionPointerEvents="none"
      {...props}
      value={value ?? ''}
      onValueChange={(values, source) => {
        if (source.source === 'event') onChange?.(toAmountString(values.value));
      }}
    />
  );
}
