import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/fonts.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './app/global.css';
import { App } from './app/app';
import { focusErrorsOnSubmit } from './app/focus-first-error';

focusErrorsOnSubmit(document);

const root = createRoot(document.getElementById('root')!);
// The first render runs as a transition, which React renders in slices of about 5 ms, giving the
// browser its turn between them; a plain `render` draws the whole app in one task. At 4× CPU
// slowdown it cut the blocking time of the investor overview's load by a third (docs/decisions/0080).
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
