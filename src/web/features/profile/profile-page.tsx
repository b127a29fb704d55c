import { shellTexts } from '../../lib/texts.ts';
import { BackLink } from '../../components/layout/back-link.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useMe } from '../../lib/session/me.ts';
import { useProfile } from './api/get-profile.ts';
import { ProfileForm } from './components/profile-form.tsx';
import { ProfileSkeleton } from './components/profile-skeleton.tsx';
import { profileTexts } from './texts.ts';

/** /profile, inside the app shell. */
export default function ProfilePage() {
  const profile = useProfile();
  const { data: me } = useMe();

  let body;
  if (profile.data && me) {
    body = <ProfileForm profile={profile.data} email={me.user.email} joinedAt={me.user.createdAt} />;
  } else if (profile.isError) {
    body = <LoadError title={profileTexts.loadFailed} query={profile} />;
  } else {
    body = <ProfileSkeleton />;
  }

  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{shellTexts.pageTitle(profileTexts.pageName)}</title>
      <BackLink />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{profileTexts.heading}</h1>
      <p className="mt-1 text-ink-600">{profileTexts.intro}</p>
      <Card className="mt-6 p-5 sm:p-8">{body}</Card>
    </main>
  );
}
