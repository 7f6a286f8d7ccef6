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

reloadOnceOnStaleChunks();
// Back online after the access token expired (a day in the rows): renewed at once, before anything asks.
refreshWhenOnline();

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
