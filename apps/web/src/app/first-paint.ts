import { FIRST_PAINT_ID } from '@platform/domain';

/**
 * Takes away the investor header the server drew into the HTML before the code ran (decision
 * 0079). The investor shell calls it as it draws its own header, in the same frame; every first page
 * calls it once resolved, for the pages drawn without that shell (a redirect to sign in, an error).
 */
export function removeFirstPaint() {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
