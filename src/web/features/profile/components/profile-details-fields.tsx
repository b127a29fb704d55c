import type { UseFormReturn } from 'react-hook-form';
import type { UpdateProfileInput } from '#contracts/profile.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import type { UpdateProfileData } from '../api/update-profile.ts';
import { profileTexts } from '../texts.ts';

type ProfileForm = UseFormReturn<UpdateProfileInput, unknown, UpdateProfileData>;

/** Display name (required), bio, location and occupation. */
export function ProfileDetailsFields({ form }: { form: ProfileForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={profileTexts.displayName} required error={errors.displayName?.message} className="sm:col-span-2">
        <Input autoComplete="nickname" maxLength={60} {...form.register('displayName')} />
      </Field>
      <Field label={profileTexts.bio} hint={profileTexts.bioHint} error={errors.bio?.message} className="sm:col-span-2">
        <Textarea rows={3} maxLength={500} placeholder={profileTexts.bioPlaceholder} {...form.register('bio')} />
      </Field>
      <Field label={profileTexts.location} error={errors.location?.message}>
        <Input
          autoComplete="address-level2"
          maxLength={100}
          placeholder={profileTexts.locationPlaceholder}
          {...form.register('location')}
        />
      </Field>
      <Field label={profileTexts.occupation} error={errors.occupation?.message}>
        <Input
          autoComplete="organization-title"
          maxLength={100}
          placeholder={profileTexts.occupationPlaceholder}
          {...form.register('occupation')}
        />
      </Field>
    </div>
  );
}
