import { describe, expect, it } from 'vitest';
import { type ErrorScope, type ErrorTarget, focusFirstError } from './focus-first-error';

/** A minimal element: its kinds (`control`, `field-error`, `alert`) and what focusing and scrolling did. */
class Fake implements ErrorTarget {
  focused = false;
  scrolled: ScrollIntoViewOptions | null = null;
  constructor(
    readonly kind: 'control' | 'field-error' | 'alert',
    private readonly wrapperInput: Fake | null = null,
  ) {}
  matches(selector: string) {
    if (selector === '[aria-invalid="true"]') return this.kind === 'control';
    if (selector === '.mantine-InputWrapper-error') return this.kind === 'field-error';
    return selector === '[role="alert"]' && this.kind === 'alert';
  }
  closest() {
    return this.wrapperInput ? ({ querySelector: () => this.wrapperInput } as unknown as ErrorTarget) : null;
  }
  querySelector() {
    return null;
  }
  focus() {
    this.focused = true;
  }
  scrollIntoView(options?: ScrollIntoViewOptions) {
    this.scrolled = options ?? {};
  }
}

/** A page whose elements are listed in the order it shows them; querySelector answers the first that matches any selector of the list. */
function page(...elements: Fake[]): ErrorScope {
  return {
    querySelector: (selector) => elements.find((element) => selector.split(', ').some((part) => element.matches(part))) ?? null,
  };
}

describe('focusFirstError', () => {
  it('focuses and scrolls to the first invalid field, not a later one', () => {
    const first = new Fake('control');
    const second = new Fake('control');
    expect(focusFirstError(page(first, second), { smooth: false })).toBe(true);
    expect(first.focused).toBe(true);
    expect(first.scrolled).toEqual({ block: 'center', behavior: 'auto' });
    expect(second.focused).toBe(false);
  });

  it('for a group whose inputs are not marked, scrolls to its error text and focuses the group’s first input', () => {
    const input = new Fake('control');
    const message = new Fake('field-error', input);
    const later = new Fake('control');
    expect(focusFirstError(page(message, later))).toBe(true);
    expect(message.scrolled).toEqual({ block: 'center', behavior: 'smooth' });
    expect(input.focused).toBe(true);
    expect(later.focused).toBe(false);
  });

  it('shows the form alert only when asked (after a server answer) and no field is in error', () => {
    const alert = new Fake('alert');
    expect(focusFirstError(page(alert))).toBe(false);
    expect(alert.scrolled).toBeNull();
    expect(focusFirstError(page(alert), { alerts: true })).toBe(true);
    expect(alert.scrolled).not.toBeNull();
    expect(alert.focused).toBe(false);
  });

  it('prefers a field in error to the alert', () => {
    const alert = new Fake('alert');
    const field = new Fake('control');
    expect(focusFirstError(page(alert, field), { alerts: true })).toBe(true);
    expect(field.focused).toBe(true);
    expect(alert.scrolled).toBeNull();
  });

  it('does nothing on a form without errors', () => {
    expect(focusFirstError(page(), { alerts: true })).toBe(false);
  });
});
