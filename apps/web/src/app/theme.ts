import { createTheme, type MantineColorsTuple, type MantineThemeComponents } from '@mantine/core';
import { BREAKPOINTS, fontStack } from '@platform/domain';
import type { Branding } from './settings';

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const mix = (from: [number, number, number], to: number, amount: number) =>
  `#${from
    .map((c) =>
      Math.round(c + (to - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Ten shades around the brand colour (Mantine's scale), lighter to darker, the brand at index 6. */
export function shadesOf(hex: string): MantineColorsTuple {
  const rgb = hexToRgb(/^#[0-9a-f]{6}$/i.test(hex) ? hex : '#1f3a5f');
  const light = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((a) => mix(rgb, 255, a));
  const dark = [0.14, 0.28, 0.4].map((a) => mix(rgb, 0, a));
  return [...light, hex, ...dark] as unknown as MantineColorsTuple;
}

const px = (n: number) => `${n / 16}em`;
const CLOSE = { 'aria-label': 'Close' };

/**
 * Every close button has a name (an icon alone is announced as "button"). Plain objects rather
 * than `Modal.extend(…)`: naming the components here would put Modal, Drawer and their positioning
 * code in the first download of every page (docs/decisions/0046).
 */
const COMPONENTS: MantineThemeComponents = {
  Modal: { defaultProps: { closeButtonProps: CLOSE } },
  Drawer: { defaultProps: { closeButtonProps: CLOSE } },
  Alert: { defaultProps: { closeButtonLabel: 'Close' } },
  Notification: { defaultProps: { closeButtonProps: CLOSE } },
};

/** The Mantine theme of this deployment, built at runtime from the server's branding. */
export function themeFrom(branding: Branding) {
  const font = fontStack(branding.font);
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: shadesOf(branding.colors.primary), accent: shadesOf(branding.colors.secondary) },
    fontFamily: font,
    headings: { fontFamily: font, fontWeight: '600' },
    defaultRadius: 'md',
    breakpoints: {
      xs: px(BREAKPOINTS.sm),
      sm: px(BREAKPOINTS.md),
      md: px(BREAKPOINTS.lg),
      lg: px(BREAKPOINTS.xl),
      xl: px(BREAKPOINTS.xxl),
    },
    components: COMPONENTS,
  });
}
