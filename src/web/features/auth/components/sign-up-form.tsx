import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SignUpRequest, type SignUpInput } from '../../../../contracts/auth.ts';
import { authMessages } from '../../../../contracts/auth.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../lib/paths.ts';
import { useSignUp, type SignUpData } from '../api/sign-up.ts';
import { useContinueSignedIn } from '../hooks/use-continue-signed-in.ts';
import { userMessage } from '../../../lib/api-errors.ts';

/** Create account: the server's rules repeated for early feedback (8+ characters, matching passwords). */
export function SignUpForm({ initialEmail = '' }: { initialEmail?: string }) {
  const signUp = useSignUp();
  const continueSignedIn = useContinueSignedIn();
  const form = useForm<SignUpInput, unknown, SignUpData>({
    resolver: zodResolver(SignUpRequest),
    defaultValues: { email: initialEmail, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await signUp.mutateAsync(data);
      // The verify page shows the "Account created" banner for this router state.
      await continueSignedIn(paths.verifyEmail, { justSignedUp: true });
    } catch {
      // Shown from signUp.error below.
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Create account" noValidate>
      {signUp.error && <Alert tone="error">{userMessage(signUp.error, authMessages.signUpFailed)}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@brand.com" {...form.register('email')} />
      </Field>
      <Field label="Password" hint="At least 8 characters." error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </Field>
      <Button type="submit" size="lg" loading={signUp.isPending} className="w-full">
        {signUp.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
