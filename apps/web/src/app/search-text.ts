/**
 * The text of a `?search=` in the URL. The router parses query values as JSON, so a search for a
 * company number such as 13579246 arrives as a number: it is still the text someone typed.
 */
export function searchText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value ? value : undefined;
}
