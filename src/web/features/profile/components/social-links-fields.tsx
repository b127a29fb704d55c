import type { UseFormReturn } from 'react-hook-form';
import type { UpdateProfileInput } from '#contracts/profile.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { UpdateProfileData } from '../api/update-profile.ts';
import type { socialFields } from '../lib/profile-form-values.ts';
import { profileTexts } from '../texts.ts';

type ProfileForm = UseFormReturn<UpdateProfileInput, unknown, UpdateProfileData>;

const links: { name: (typeof socialFields)[number]; label: string; placeholder: string }[] = [
  { name: 'twitterUrl', ...profileTexts.links.twitterUrl },
  { name: 'instagramUrl', ...profileTexts.links.instagramUrl },
  { name: 'tiktokUrl', ...profileTexts.links.tiktokUrl },
  { name: 'websiteUrl', ...profileTexts.links.websiteUrl },
];

/** The four social links, as URL inputs; an empty one is saved as no link. */
export function SocialLinksFields({ form }: { form: ProfileForm }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {links.map((link) => (
        <Field key={link.name} label={link.label} error={errors[link.name]?.message}>
          <Input type="url" inputMode="url" autoComplete="url" placeholder={link.placeholder} {...form.register(link.name)} />
        </Field>
      ))}
    </div>
  );
}
