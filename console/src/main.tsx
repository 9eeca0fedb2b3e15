import './lib/zod-config';
// The first page's styles only (the home page, header and footer),
// in the `mantine` layer; pages loaded on demand bring the rest (app/all-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Card.layer.css';
import './app/focus-ring.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

// The first render as a transition: React renders it in slices of a few milliseconds and lets
// the browser in between, instead of one task as long as the whole landing page (70 ms here,
// four times that on a mid-range phone, where a tap would wait for it).
const root = createRoot(rootElement);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
