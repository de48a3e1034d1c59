/**
 * Colour contrast as WCAG 2 defines it: the ratio of the relative luminances of two colours, from
 * 1 (none) to 21 (black on white). Text needs 4.5:1 for level AA.
 */
export const WCAG_AA_TEXT = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The theme's colours whose contrast with white falls below AA. The shells put white text on these
 * colours (buttons, badges, the menu) and use them as text on white (links), so the one ratio
 * covers both uses.
 */
export function lowContrastColors(colors: Record<string, string>): Array<{ name: string; ratio: number }> {
  return Object.entries(colors)
    .filter(([, hex]) => /^#[0-9a-fA-F]{6}$/.test(hex))
    .map(([name, hex]) => ({ name, ratio: contrastRatio(hex, '#ffffff') }))
    .filter(({ ratio }) => ratio < WCAG_AA_TEXT);
}
