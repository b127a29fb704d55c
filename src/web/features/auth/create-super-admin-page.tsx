import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function CreateSuperAdminPage() {
  return <ComingSoon title="Create super admin" description="Create another super admin account." />;
}
