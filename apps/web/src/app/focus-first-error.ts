/**
 * After a failed submit the person is taken to what went wrong: the first field in error (in the
 * order the page shows them) gets the focus and is scrolled to the middle of the screen, so the
 * message is read out and seen even on a long form whose top is off-screen. When no field is in
 * error but the form shows an error alert (a server message for no one field), the alert is shown.
 */

/** What the logic needs of an element; the DOM's own elements have all of it. */
export interface ErrorTarget {
  matches(selector: string): boolean;
  closest(selector: string): ErrorTarget | null;
  querySelector(selector: string): ErrorTarget | null;
  focus(options?: FocusOptions): void;
  scrollIntoView(options?: ScrollIntoViewOptions): void;
}

export interface ErrorScope {
  querySelector(selector: string): ErrorTarget | null;
}

/** A control Mantine marks invalid, or the error text of a group (radio, checkbox group) whose inputs are not marked. */
const INVALID_CONTROL = '[aria-invalid="true"]';
const FIELD_ERROR = '.mantine-InputWrapper-error';
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';
const FORM_ALERT = '[role="alert"]';

/**
 * Focuses and scrolls to the first error in `scope`. `alerts`: an error alert counts when no field
 * is in error (after a server answer; not after the browser-side check, where an older alert may stand).
 * Answers whether something was found.
 */
export function focusFirstError(scope: ErrorScope, { alerts = false, smooth = true } = {}): boolean {
  const first = scope.querySelector(`${INVALID_CONTROL}, ${FIELD_ERROR}`);
  const target = first ?? (alerts ? scope.querySelector(FORM_ALERT) : null);
  if (!target) return false;
  const control = target.matches(INVALID_CONTROL)
    ? target
    : target.matches(FIELD_ERROR)
      ? (target.closest('.mantine-InputWrapper-root')?.querySelector(FOCUSABLE) ?? null)
      : null;
  const behavior: ScrollBehavior = smooth ? 'smooth' : 'auto';
  // The field is scrolled to first, so focusing it does not jump the page a second time.
  target.scrollIntoView({ block: 'center', behavior });
  control?.focus({ preventScroll: true });
  return true;
}

let lastSubmitted: WeakRef<HTMLFormElement> | null = null;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/** Runs after React has drawn the errors a submit produced. */
function afterRender(run: () => void) {
  requestAnimationFrame(() => requestAnimationFrame(run));
}

/**
 * Every form of the app: the browser-side check (Mantine's `form.onSubmit`) marks the fields in
 * error during the submit event; once they are drawn, the first one is focused. Installed once, at start.
 */
export function focusErrorsOnSubmit(root: Document) {
  root.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form) return;
    lastSubmitted = new WeakRef(form);
    afterRender(() => focusFirstError(form, { smooth: !reducedMotion() }));
  });
}

/** After the server refused a submit (useSubmit): the field errors or the alert it produced, in the form last submitted. */
export function focusServerErrors() {
  afterRender(() => {
    const form = lastSubmitted?.deref();
    focusFirstError(form?.isConnected ? form : document, { alerts: true, smooth: !reducedMotion() });
  });
}
