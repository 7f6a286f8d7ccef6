import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import './i18n';
import './styles/global.css';
import { App } from './app/app';
import { queryClient } from './api/query-client';
import { RouteBoundary } from './components/route-boundary';
import { reloadOnceOnStaleChunks } from './app/stale-chunks';
import { refreshWhenOnline } from './api/access-token';
import { startServiceWorker } from './app/app-update';
import { startKeptSync } from './offline/surveys/refresh';
import { startEarly } from './offline/surveys/survey-start';

reloadOnceOnStaleChunks();
// Back online after the access token expired (a day in the rows): renewed at once, before anything asks.
refreshWhenOnline();
// The installed app and its offline shell (README "Installed app and offline").
startServiceWorker();
// Surveys kept on this device are checked against the server at start and whenever the connection returns.
startKeptSync();
// Opened on a survey's address: its geo worker and kept-record read start now, while the page's code loads.
startEarly(window.location.pathname);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Suspense fallback={null}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <RouteBoundary>
            <App />
          </RouteBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </Suspense>
  </StrictMode>,
);
