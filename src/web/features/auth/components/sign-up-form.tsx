import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { SignUpRequest, type SignUpInput } from '#contracts/auth.ts';
import { authMessages } from '#contracts/auth.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { useSignUp, type SignUpData } from '../api/sign-up.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { rememberReturnPath, safeReturnPath } from '#web/lib/return-to.ts';
import { useSearch } from '../hooks/use-search.ts';
import { SignUpSent } from './sign-up-sent.tsx';
import { authTexts } from '../texts.ts';

/**
 * Create account: the server's rules repeated for early feedback (8+ characters, matching passwords).
 * Sign-up never signs in (docs/product-rules.md#accounts): the form makes way for "check your email",
 * and the emailed link signs the new user in.
 */
export function SignUpForm({ initialEmail = '', onSignInInstead }: { initialEmail?: string; onSignInInstead: () => void }) {
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const next = safeReturnPath(useSearch().get('next'));
  const form = useForm<SignUpInput, unknown, SignUpData>({
    resolver: zodResolver(SignUpRequest),
    defaultValues: { email: initialEmail, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const signUpWith = form.handleSubmit(async (data) => {
    try {
      await signUp.mutateAsync(data);
      // The way back (e.g. to an invitation) waits until the emailed link and onboarding are done.
      rememberReturnPath(next);
      setSentTo(data.email);
    } catch {
      // Shown from signUp.error below.
    }
  });

  // A new attempt starts clean, also when the form's own checks stop it before the server is asked.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    signUp.reset();
    void signUpWith(e);
  };

  if (sentTo !== null) return <SignUpSent email={sentTo} onSignIn={onSignInInstead} />;

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={authTexts.signUp} noValidate>
      {signUp.error && <Alert tone="error">{userMessage(signUp.error, authMessages.signUpFailed)}</Alert>}
      <Field label={authTexts.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={authTexts.emailPlaceholder} {...form.register('email')} />
      </Field>
      <Field label={authTexts.password} hint={authTexts.passwordHint} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label={authTexts.confirmPassword} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" loading={signUp.isPending} className="w-full">
        {signUp.isPending ? authTexts.signingUp : authTexts.signUp}
      </Button>
    </form>
  );
}
