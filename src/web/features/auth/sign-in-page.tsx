import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function SignInPage() {
  return <ComingSoon title="Sign in" description="Sign in to your Klipt account." />;
}
