import type { UseFormReturn } from 'react-hook-form';
import type { UpdateProfileInput } from '../../../../contracts/profile.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { UpdateProfileData } from '../api/update-profile.ts';

type ProfileForm = UseFormReturn<UpdateProfileInput, unknown, UpdateProfileData>;

/** Display name (required), bio, location and occupation. */
export function ProfileDetailsFields({ form }: { form: ProfileForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Display name" required error={errors.displayName?.message} className="sm:col-span-2">
        <Input autoComplete="nickname" maxLength={60} {...form.register('displayName')} />
      </Field>
      <Field label="Bio" hint="A line or two about you or your brand." error={errors.bio?.message} className="sm:col-span-2">
        <Textarea rows={3} maxLength={500} placeholder="Founder of a small candle brand…" {...form.register('bio')} />
      </Field>
      <Field label="Location" error={errors.location?.message}>
        <Input autoComplete="address-level2" maxLength={100} placeholder="Austin, TX" {...form.register('location')} />
      </Field>
      <Field label="Occupation" error={errors.occupation?.message}>
        <Input autoComplete="organization-title" maxLength={100} placeholder="E-commerce founder" {...form.register('occupation')} />
      </Field>
    </div>
  );
}
