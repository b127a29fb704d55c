import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CreateSuperAdminRequest, type CreateSuperAdminInput } from '../../../../contracts/admin.ts';
import { adminMessages } from '../../../../contracts/admin.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateSuperAdmin, type CreateSuperAdminData } from '../api/create-super-admin.ts';
import { userMessage } from '../../../lib/api-errors.ts';
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
    <form onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4" aria-label="Create super admin" noValidate autoComplete="off">
      {create.error && <Alert tone="error">{failureText(create.error)}</Alert>}
      {result && (
        <Alert tone="success" title={result.created ? 'Super admin created' : 'Existing account promoted'}>
          {result.created
            ? `${result.email} can now sign in as a super admin.`
            : `${result.email} already had an account and is now a super admin. Its password was not changed.`}
        </Alert>
      )}
      <Field label="Email" required error={errors.email?.message}>
        <Input type="email" inputMode="email" autoComplete="off" {...form.register('email')} />
      </Field>
      <Field label="Password" required hint="At least 8 characters. Used only when the account is new." error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" size="lg" loading={create.isPending} className="w-full sm:w-auto sm:self-start">
        {create.isPending ? 'Creating...' : 'Create super admin'}
      </Button>
    </form>
  );
}
