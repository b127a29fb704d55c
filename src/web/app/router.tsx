import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '../lib/paths.ts';

// Every screen is its own chunk, loaded when its route is first visited.
const AppProviders = lazy(() => import('./app-providers.tsx'));
const LandingPage = lazy(() => import('../features/landing/landing-page.tsx'));
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
const ModelsPage = lazy(() => import('../features/models/models-page.tsx'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.tsx'));
const BuyCreditsPage = lazy(() => import('../features/billing/buy-credits-page.tsx'));
const CollectionsPage = lazy(() => import('../features/collections/collections-page.tsx'));
const SharePage = lazy(() => import('../features/share/share-page.tsx'));

/** The routes of spec §2; any other path goes to the landing page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<LandingPage />} />
      <Route element={<AppProviders />}>
        <Route path={paths.waitlist} element={<WaitlistPage />} />
        <Route path={paths.login} element={<SignInPage />} />
        <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.onboarding} element={<OnboardingPage />} />
        <Route path={paths.authOnboarding} element={<OnboardingPage />} />
        <Route path={paths.createSuperAdmin} element={<CreateSuperAdminPage />} />
        <Route path={paths.superAdmin} element={<GodModePage />} />
        <Route path={paths.dashboard} element={<DashboardPage />} />
        <Route path={paths.createImage} element={<CreateImagePage />} />
        <Route path={paths.createVideo} element={<CreateVideoPage />} />
        <Route path={paths.models} element={<ModelsPage />} />
        <Route path={paths.profile} element={<ProfilePage />} />
        <Route path={paths.buyCredits} element={<BuyCreditsPage />} />
        <Route path={paths.collections} element={<CollectionsPage />} />
        <Route path={paths.sharePattern} element={<SharePage />} />
      </Route>
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
