import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { CompleteProfileRequest } from '#contracts/profile.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { takeReturnPath } from '#web/lib/return-to.ts';
import { useCompleteProfile } from '../api/complete-profile.ts';
import { onboardingTexts } from '../texts.ts';

type FormInput = z.input<typeof CompleteProfileRequest>;
type FormData = z.output<typeof CompleteProfileRequest>;

/** Display name (required, trimmed), then on to the dashboard, or back where sign-up started from (an invitation). */
export function CompleteProfileForm({ initialName }: { initialName: string }) {
  const complete = useCompleteProfile();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormData>({
    resolver: zodResolver(CompleteProfileRequest),
    defaultValues: { displayName: initialName },
  });
  const { errors } = form.formState;
  const displayName = useWatch({ control: form.control, name: 'displayName' });

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await complete.mutateAsync(data.displayName);
      await navigate(takeReturnPath() ?? paths.dashboard, { replace: true });
    } catch {
      // Shown from complete.error below.
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label={onboardingTexts.completeProfile} noValidate>
      {complete.error && <Alert tone="error">{userMessage(complete.error)}</Alert>}
      <Field label={onboardingTexts.displayName} required hint={onboardingTexts.displayNameHint} error={errors.displayName?.message}>
        <Input autoComplete="nickname" maxLength={60} {...form.register('displayName')} />
      </Field>
      <Button type="submit" size="lg" loading={complete.isPending} disabled={displayName.trim() === ''} className="w-full">
        {complete.isPending ? onboardingTexts.saving : onboardingTexts.save}
      </Button>
    </form>
  );
}
