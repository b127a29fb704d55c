import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function VerifyEmailPage() {
  return <ComingSoon title="Verify your email" description="Check your inbox for the verification link." />;
}
