import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function BuyCreditsPage() {
  return <ComingSoon title="Choose Your Subscription" description="Monthly plans with credits." />;
}
