import katex from 'katex';
import 'katex/dist/katex.min.css';
import { RICH_TEXT_FORMULA_TYPE } from '@platform/domain';

/**
 * Typesets LaTeX into an element. KaTeX and its style sheet come with this module, which the
 * editor chunk and the renderer load only when a text has a formula. A formula KaTeX cannot read
 * is shown as its source in red rather than breaking the text around it.
 */
export function renderFormula(latex: string, element: HTMLElement) {
  katex.render(latex, element, { throwOnError: false, output: 'htmlAndMathml' });
}

/** Typesets every formula of a rendered rich text. */
export function renderFormulas(root: HTMLElement) {
  for (const element of root.querySelectorAll<HTMLElement>(`span[data-type="${RICH_TEXT_FORMULA_TYPE}"]`))
    renderFormula(element.dataset.latex ?? '', element);
}

/** Why a formula cannot be typeset, in words for the person typing it, or null when it can. */
export function formulaError(latex: string): string | null {
  if (!latex.trim()) return 'Enter a formula.';
  try {
    katex.renderToString(latex, { throwOnError: true });
    return null;
  } catch (error) {
    return error instanceof katex.ParseError ? `This formula cannot be read: ${error.rawMessage}` : 'This formula cannot be read.';
  }
}
