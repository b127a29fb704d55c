import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateSuperAdminRequest, type CreateSuperAdminInput } from '#contracts/admin.ts';
import { adminMessages } from '#contracts/admin.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useCreateSuperAdmin, type CreateSuperAdminData } from '../api/create-super-admin.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { authTexts } from '../texts.ts';

/** The server's message, else userCreationFailed for an answer without one; createSuperAdminFailed when Klipt is unreachable. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.code !== 'NETWORK'
    ? userMessage(error, adminMessages.userCreationFailed)
    : authTexts.createSuperAdminFailed;
}

/** Email and password, both required and never pre-filled (product decisions: no default credentials). */
export function CreateSuperAdminForm() {
  const create = useCreateSuperAdmin();
  const form = useForm<CreateSuperAdminInput, unknown, CreateSuperAdminData>({
    resolver: zodResolver(CreateSuperAdminRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (data) => {
    try {
      await create.mutateAsync(data);
      form.reset();
    } catch {
      // Shown from create.error below.
    }
  });

  const result = create.data;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="flex flex-col gap-4"
      aria-label={authTexts.superAdminHeading}
      noValidate
      autoComplete="off"
    >
      {create.error && <Alert tone="error">{failureText(create.error)}</Alert>}
      {result && (
        <Alert tone="success" title={result.created ? authTexts.superAdminCreated : authTexts.superAdminPromoted}>
          {result.created ? authTexts.superAdminCreatedText(result.email) : authTexts.superAdminPromotedText(result.email)}
        </Alert>
      )}
      <Field label={authTexts.email} required error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field label={authTexts.password} required hint={authTexts.superAdminPasswordHint} error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" loading={create.isPending} className="w-full sm:w-auto sm:self-start">
        {create.isPending ? authTexts.superAdminCreating : authTexts.superAdminCreate}
      </Button>
    </form>
  );
}
