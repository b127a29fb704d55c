import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function GodModePage() {
  return <ComingSoon title="God Mode" description="Platform statistics and every klip." />;
}
