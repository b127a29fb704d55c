import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { AnnounceAppReady } from './app-ready.ts';
import { RootRoutes } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** Everything inside the router: the browser's router here, a static one where the landing page is prerendered (prerender.tsx). */
export function AppTree() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <RootRoutes />
        <AnnounceAppReady />
      </Suspense>
      <Toaster />
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppTree />
    </BrowserRouter>
  );
}
