import { useState } from 'react';
import { Link } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { paths } from '../../lib/paths.ts';
import { useSettings } from '../../lib/settings.ts';
import { AuthLayout } from './components/auth-layout.tsx';
import { SignInForm } from './components/sign-in-form.tsx';
import { SignInWithLink } from './components/sign-in-with-link.tsx';
import { SignUpForm } from './components/sign-up-form.tsx';
import { useSearch } from './hooks/use-search.ts';
import { authTexts } from './texts.ts';

type Mode = 'sign-in' | 'sign-up';

/**
 * /auth/login. The Create account tab shows when registration is open, or for a waitlist
 * invitation (`?invite=1&email=…`), which opens on that tab with the email filled in. With an emailed
 * sign-in link's `?signInToken=…`, it signs in on this device instead.
 */
export default function SignInPage() {
  const token = useSearch().get('signInToken');
  if (!token) return <SignInOrSignUp />;
  return (
    <AuthLayout
      pageTitle={authTexts.signInTitle}
      heading={authTexts.signInLinkHeading}
      intro={authTexts.signInLinkIntro}
      below={
        <Link to={paths.login} className="font-semibold text-white underline-offset-4 hover:underline">
          {authTexts.backToSignIn}
        </Link>
      }
    >
      <SignInWithLink token={token} />
    </AuthLayout>
  );
}

function SignInOrSignUp() {
  const search = useSearch();
  const invited = search.get('invite') === '1';
  const settings = useSettings();
  const canSignUp = invited || settings.data?.registrationMode === 'open';
  const [mode, setMode] = useState<Mode>(invited ? 'sign-up' : 'sign-in');
  const activeMode = canSignUp ? mode : 'sign-in';

  return (
    <AuthLayout
      pageTitle={activeMode === 'sign-up' ? authTexts.signUpTitle : authTexts.signInTitle}
      heading={authTexts.welcome}
      intro={activeMode === 'sign-up' ? authTexts.signUpIntro : authTexts.signInIntro}
      headerAction={
        <Link to={paths.waitlist} className="rounded-lg text-sm font-semibold text-white/80 hover:text-white">
          {authTexts.joinWaitlist}
        </Link>
      }
      below={
        !canSignUp && settings.isSuccess ? (
          <>
            {authTexts.newToKlipt}{' '}
            <Link to={paths.waitlist} className="font-semibold text-white underline-offset-4 hover:underline">
              {authTexts.joinWaitlistLink}
            </Link>{' '}
            {authTexts.forAnInvitation}
          </>
        ) : undefined
      }
    >
      <Tabs value={activeMode} onValueChange={(v) => setMode(v as Mode)}>
        <TabsList aria-label={authTexts.signInOrSignUp} className="w-full">
          <TabsTrigger value="sign-in" className="flex-1">
            {authTexts.signInTab}
          </TabsTrigger>
          {canSignUp && (
            <TabsTrigger value="sign-up" className="flex-1">
              {authTexts.signUpTab}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm />
        </TabsContent>
        {canSignUp && (
          <TabsContent value="sign-up">
            <SignUpForm initialEmail={invited ? (search.get('email') ?? '') : ''} onSignInInstead={() => setMode('sign-in')} />
          </TabsContent>
        )}
      </Tabs>
    </AuthLayout>
  );
}
