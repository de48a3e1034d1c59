import type { Modifier } from '@dnd-kit/core';

/** Stages move up and down only (the @dnd-kit/modifiers package is not installed; this is its one-liner). */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
