/** How fund figures read: multiples as '1.42x', units to their stored 6 places with trailing zeros trimmed. */
export const multiple = (value: string | null | undefined) => (value ? `${value}x` : '—');

export function units(value: string | null | undefined): string {
  if (value == null) return '—';
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${BigInt(whole).toLocaleString('en-GB')}${trimmed ? `.${trimmed}` : ''}`;
}

export const percent = (value: string | null | undefined) => (value == null ? '—' : `${Number(value).toString()}%`);
