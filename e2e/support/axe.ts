import { createRequire } from 'node:module';
import type { BrowserContext, Page } from '@playwright/test';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The rules the journeys hold every page to: WCAG 2.2 AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export type AxeFinding = { rule: string; impact: string; targets: string[] };

/**
 * Loads axe-core into every document and frame the context opens from now on. It is parsed once per
 * document, not once per check: the page walk moves through the router, so one load serves a whole role.
 */
export async function withAxe(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript({ path: AXE_SOURCE });
  return context;
}

/**
 * axe's serious and critical findings on the page as it is now. Only violations are collected (what
 * passed is not), which keeps a check on a long page to a fraction of a second. The page must have
 * been opened in a context given to `withAxe`.
 */
export async function seriousFindings(page: Page): Promise<AxeFinding[]> {
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[] }>;
      };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  }, WCAG_TAGS);
  return violations.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical');
}
