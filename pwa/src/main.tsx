import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { afterFirstScreen } from './lib/first-screen';
import { registerServiceWorker } from './lib/service-worker';
import './app/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// In development the service worker would serve stale bundles; it runs in production builds only.
// Registered once the first screen is shown: its precache download must not compete with it.
if (import.meta.env.PROD) void afterFirstScreen().then(registerServiceWorker);
