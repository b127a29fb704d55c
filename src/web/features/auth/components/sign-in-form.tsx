import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SignInRequest, type SignInInput } from '#contracts/auth.ts';
import { authMessages } from '#contracts/auth.ts';
import { paths } from '#web/lib/paths.ts';
import { safeReturnPath } from '#web/lib/return-to.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { useSignIn, type SignInData } from '../api/sign-in.ts';
import { useContinueSignedIn } from '../hooks/use-continue-signed-in.ts';
import { useForgotPassword } from '../hooks/use-forgot-password.ts';
import { useSearch } from '../hooks/use-search.ts';
import { SignInLinkOffer } from './sign-in-link-offer.tsx';
import { authTexts } from '../texts.ts';

function failureText(error: Error): string {
  return error instanceof ApiError && error.status === 401 ? authMessages.invalidCredentials : userMessage(error);
}

/**
 * Sign-in: email, password, "Forgot password?", and 'Sign in' (disabled while a field is empty). A
 * verified user goes on to `?next=` (a path of this site, e.g. an invitation) or the dashboard.
 */
export function SignInForm() {
  const signIn = useSignIn();
  const forgot = useForgotPassword();
  const continueSignedIn = useContinueSignedIn();
  const next = safeReturnPath(useSearch().get('next'));
  const form = useForm<SignInInput, unknown, SignInData>({
    resolver: zodResolver(SignInRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const [email, password] = useWatch({ control: form.control, name: ['email', 'password'] });
  const filled = email.trim() !== '' && password !== '';

  const signInWith = form.handleSubmit(async (data) => {
    try {
      const { user } = await signIn.mutateAsync(data);
      await continueSignedIn(user.emailVerified ? (next ?? paths.dashboard) : paths.verifyEmail);
    } catch {
      // Shown from signIn.error below.
    }
  });

  // Each action starts clean: a notice of an earlier one (the other action's included) never stays beside its outcome.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    forgot.clear();
    signIn.reset();
    void signInWith(e);
  };
  const onForgot = () => {
    signIn.reset();
    form.clearErrors();
    void forgot.send(form.getValues('email'));
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={authTexts.signIn} noValidate>
      {signIn.error && (
        <Alert tone="error" title={authTexts.signInFailedTitle}>
          {failureText(signIn.error)}
        </Alert>
      )}
      {signIn.error instanceof ApiError && signIn.error.status === 429 && signIn.variables && (
        <SignInLinkOffer email={signIn.variables.email} />
      )}
      {forgot.notice && <Alert tone={forgot.notice.tone}>{forgot.notice.text}</Alert>}
      <Field label={authTexts.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={authTexts.emailPlaceholder} {...form.register('email')} />
      </Field>
      <div className="flex flex-col gap-1.5">
        <Field label={authTexts.password} error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </Field>
        <button
          type="button"
          onClick={onForgot}
          disabled={forgot.isSending}
          className="self-end rounded-md text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline disabled:opacity-60"
        >
          {forgot.isSending ? authTexts.sending : authTexts.forgotPassword}
        </button>
      </div>
      <Button type="submit" size="lg" loading={signIn.isPending} disabled={!filled} className="w-full">
        {signIn.isPending ? authTexts.signingIn : authTexts.signIn}
      </Button>
    </form>
  );
}
