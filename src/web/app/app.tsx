import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { RootRoutes } from './router.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        <RootRoutes />
      </Suspense>
      <Toaster />
    </BrowserRouter>
  );
}
