import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function OnboardingPage() {
  return <ComingSoon title="Complete your profile" description="Tell us what to call you." />;
}
