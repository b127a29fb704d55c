import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../lib/paths.ts';

const LandingPage = lazy(() => import('../features/landing/landing-page.tsx'));
const AppRoutes = lazy(() => import('./app-routes.tsx'));

/** The landing page stands alone; everything else lives in the lazily loaded app routes. */
export function RootRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<LandingPage />} />
      <Route path="*" element={<AppRoutes />} />
    </Routes>
  );
}
