import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function ModelsPage() {
  return <ComingSoon title="Klip Models" description="Standard and trained models." />;
}
