import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function SharePage() {
  return <ComingSoon title="Shared klip" description="A klip shared from Klipt." />;
}
