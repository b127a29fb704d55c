import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function CreateVideoPage() {
  return <ComingSoon title="Create video" description="Animate a product photo into a short klip." />;
}
