import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function CreateImagePage() {
  return <ComingSoon title="Create image" description="Generate studio-grade product images." />;
}
