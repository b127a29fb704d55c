import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ResetPasswordRequest, type ResetPasswordInput } from '#contracts/auth.ts';
import { authMessages } from '#contracts/auth.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { paths } from '#web/lib/paths.ts';
import { useResetPassword, type ResetPasswordData } from '../api/reset-password.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { authTexts } from '../texts.ts';

/** After the password is updated, the page goes to / after 2 seconds (docs/product-rules.md#accounts). */
export const RESET_REDIRECT_MS = 2000;

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useForm<ResetPasswordInput, unknown, ResetPasswordData>({
    resolver: zodResolver(ResetPasswordRequest),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!reset.isSuccess) return undefined;
    const id = setTimeout(() => void navigate(paths.home, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(id);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) return <Alert tone="success">{authTexts.resetSuccess}</Alert>;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await reset.mutateAsync(data);
    } catch {
      // Shown from reset.error below.
    }
  });

  const failure = reset.error ? userMessage(reset.error, authMessages.resetFailed) : errors.token?.message;
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label={authTexts.resetHeading} noValidate>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Field label={authTexts.newPassword} hint={authTexts.passwordHint} error={errors.newPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field label={authTexts.confirmNewPassword} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" loading={reset.isPending} className="w-full">
        {authTexts.updatePassword}
      </Button>
    </form>
  );
}
