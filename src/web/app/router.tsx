import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '../lib/paths.ts';

const LandingPage = lazy(() => import('../features/landing/landing-page.tsx'));
const CollectionsRoute = lazy(() => import('../features/collections/collections-route.tsx'));
const ShareRoute = lazy(() => import('../features/share/share-route.tsx'));
const AppRoutes = lazy(() => import('./app-routes.tsx'));

/**
 * The landing page and the public pages a visitor opens from a link stand alone, each its own
 * chunk; everything else lives in the lazily loaded app routes.
 */
export function RootRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<LandingPage />} />
      <Route path={paths.collections} element={<CollectionsRoute />} />
      <Route path={paths.sharePattern} element={<ShareRoute />} />
      <Route path="*" element={<AppRoutes />} />
    </Routes>
  );
}
