import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function DashboardPage() {
  return <ComingSoon title="Dashboard" description="Your klips, stats and quick actions." />;
}
