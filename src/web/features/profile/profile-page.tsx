import { ComingSoon } from '../../components/layout/coming-soon.tsx';

export default function ProfilePage() {
  return <ComingSoon title="Profile" description="Your profile and social links." />;
}
