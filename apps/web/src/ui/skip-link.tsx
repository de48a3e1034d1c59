import type { MouseEvent } from 'react';

/** The id of each shell's main region, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * "Skip to main content" (WCAG 2.4.1): the first stop of the Tab key, shown only while focused. It
 * moves focus into the page's main region, past the header and the menu.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };
  return (
    <a className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
