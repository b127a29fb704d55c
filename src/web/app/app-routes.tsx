import { QueryClientProvider } from '@tanstack/react-query';
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppShell } from '../components/layout/app-shell.tsx';
import { paths } from '../lib/paths.ts';
import { queryClient } from './query-client.ts';
import { Guard, GuestOnly } from './guards.tsx';

// Every screen is its own chunk, loaded when its route is first visited.
const WaitlistPage = lazy(() => import('../features/waitlist/waitlist-page.tsx'));
const SignInPage = lazy(() => import('../features/auth/sign-in-page.tsx'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email-page.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page.tsx'));
const CreateSuperAdminPage = lazy(() => import('../features/auth/create-super-admin-page.tsx'));
const OnboardingPage = lazy(() => import('../features/onboarding/onboarding-page.tsx'));
const GodModePage = lazy(() => import('../features/admin/god-mode-page.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const CreateImagePage = lazy(() => import('../features/image-studio/create-image-page.tsx'));
const CreateVideoPage = lazy(() => import('../features/video-studio/create-video-page.tsx'));
const BatchCreatePage = lazy(() => import('../features/batches/batch-create-page.tsx'));
const BatchPage = lazy(() => import('../features/batches/batch-page.tsx'));
const ModelsPage = lazy(() => import('../features/models/models-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const BuyCreditsPage = lazy(() => import('../features/billing/buy-credits-page.tsx'));
const CreditHistoryPage = lazy(() => import('../features/billing/credit-history-page.tsx'));
const SandboxCheckoutPage = lazy(() => import('../features/billing/sandbox-checkout-page.tsx'));
const SandboxPortalPage = lazy(() => import('../features/billing/sandbox-portal-page.tsx'));
const TeamSettingsPage = lazy(() => import('../features/teams/team-settings-page.tsx'));
const InvitationPage = lazy(() => import('../features/teams/invitation-page.tsx'));
const BrandKitsPage = lazy(() => import('../features/brand-kits/brand-kits-page.tsx'));
const BrandKitEditorPage = lazy(() => import('../features/brand-kits/brand-kit-editor-page.tsx'));
const DevelopersPage = lazy(() => import('../features/developers/developers-page.tsx'));
const StorePage = lazy(() => import('../features/store/store-page.tsx'));
const DemoStorefrontPage = lazy(() => import('../features/store/demo-storefront-page.tsx'));

/**
 * The verify page needs a session, except with the emailed link's token: there the address's owner
 * chooses the password before anyone is signed in (ADR 0019).
 */
function VerifyEmailRoute() {
  const { search } = useLocation();
  return new URLSearchParams(search).has('token') ? (
    <VerifyEmailPage />
  ) : (
    <Guard require="user">
      <VerifyEmailPage />
    </Guard>
  );
}

/**
 * Every route but the landing page and the public pages (app/router.tsx), behind its guard (docs/product-rules.md#screens-and-access). This module, with TanStack Query
 * and the guards, loads only when a visitor leaves the landing page, keeping that page light.
 */
export default function AppRoutes() {
  return (
    <QueryClientProvider client={queryClient}>
      <Routes>
        <Route path={paths.waitlist} element={<WaitlistPage />} />
        <Route path={paths.invitationPattern} element={<InvitationPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route element={<GuestOnly />}>
          <Route path={paths.login} element={<SignInPage />} />
        </Route>
        <Route path={paths.verifyEmail} element={<VerifyEmailRoute />} />
        <Route element={<Guard require="verified" />}>
          <Route path={paths.onboarding} element={<OnboardingPage />} />
          <Route path={paths.authOnboarding} element={<OnboardingPage />} />
          <Route path={paths.sandboxCheckoutPattern} element={<SandboxCheckoutPage />} />
          <Route element={<AppShell />}>
            <Route path={paths.dashboard} element={<DashboardPage />} />
            <Route path={paths.createImage} element={<CreateImagePage />} />
            <Route path={paths.createVideo} element={<CreateVideoPage />} />
            <Route path={paths.createBatch} element={<BatchCreatePage />} />
            <Route path={paths.batchPattern} element={<BatchPage />} />
            <Route path={paths.models} element={<ModelsPage />} />
            <Route path={paths.profile} element={<ProfilePage />} />
            <Route path={paths.buyCredits} element={<BuyCreditsPage />} />
            <Route path={paths.credits} element={<CreditHistoryPage />} />
            <Route path={paths.sandboxPortal} element={<SandboxPortalPage />} />
            <Route path={paths.teamPattern} element={<TeamSettingsPage />} />
            <Route path={paths.brandKits} element={<BrandKitsPage />} />
            <Route path={paths.newBrandKit} element={<BrandKitEditorPage />} />
            <Route path={paths.brandKitPattern} element={<BrandKitEditorPage />} />
            <Route path={paths.developers} element={<DevelopersPage />} />
            <Route path={paths.store} element={<StorePage />} />
            <Route path={paths.demoStorefrontPattern} element={<DemoStorefrontPage />} />
          </Route>
        </Route>
        <Route element={<Guard require="admin" />}>
          <Route element={<AppShell />}>
            <Route path={paths.superAdmin} element={<GodModePage />} />
            <Route path={paths.createSuperAdmin} element={<CreateSuperAdminPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Routes>
    </QueryClientProvider>
  );
}
