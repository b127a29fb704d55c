import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function CollectionsPage() {
  return <ComingSoon title="Collections" description="Public klips from the Klipt community." />;
}
