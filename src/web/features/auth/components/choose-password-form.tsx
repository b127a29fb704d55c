import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { authMessages, VerifyEmailWithPasswordRequest, type VerifyEmailWithPasswordInput } from '#contracts/auth.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { useVerifyEmailWithPassword, type VerifyEmailWithPasswordData } from '../api/verify-email-with-password.ts';
import { useContinueSignedIn } from '../hooks/use-continue-signed-in.ts';
import { authTexts } from '../texts.ts';

/**
 * The verification link opened away from the browser that signed up (ADR 0019): the address's
 * owner chooses the password, which confirms the email and signs in.
 */
export function ChoosePasswordForm({ token, email }: { token: string; email: string | null }) {
  const confirm = useVerifyEmailWithPassword();
  const continueSignedIn = useContinueSignedIn();
  const form = useForm<VerifyEmailWithPasswordInput, unknown, VerifyEmailWithPasswordData>({
    resolver: zodResolver(VerifyEmailWithPasswordRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await confirm.mutateAsync(data);
      await continueSignedIn(paths.onboarding);
    } catch {
      // Shown from confirm.error below.
    }
  });

  const failure = confirm.error ? userMessage(confirm.error, authMessages.verifyWithPasswordFailed) : errors.token?.message;
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label={authTexts.choosePasswordHeading} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      {email && (
        <Field label={authTexts.email}>
          {/* Read-only, for password managers to save the new password under the right address. */}
          <Input type="email" autoComplete="username" value={email} readOnly />
        </Field>
      )}
      <Field label={authTexts.newPassword} hint={authTexts.passwordHint} error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field label={authTexts.confirmNewPassword} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" loading={confirm.isPending} className="w-full">
        {authTexts.choosePasswordAction}
      </Button>
    </form>
  );
}
