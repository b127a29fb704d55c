import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function ResetPasswordPage() {
  return <ComingSoon title="Reset password" description="Choose a new password." />;
}
