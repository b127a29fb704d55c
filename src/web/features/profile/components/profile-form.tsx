import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { UpdateProfileRequest, type Profile, type UpdateProfileInput } from '#contracts/profile.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { userMessage } from '#web/lib/api-errors.ts';
import { useUpdateProfile, type UpdateProfileData } from '../api/update-profile.ts';
import { profileFormValues, socialFields } from '../lib/profile-form-values.ts';
import { AccountFacts } from './account-facts.tsx';
import { AvatarEditor } from './avatar-editor.tsx';
import { ProfileDetailsFields } from './profile-details-fields.tsx';
import { SocialLinksFields } from './social-links-fields.tsx';
import { profileTexts } from '../texts.ts';

/** Profile save: the success message shows for 3 seconds (docs/product-rules.md#accounts). */
export const PROFILE_SAVED_NOTICE_MS = 3000;

type Section = 'details' | 'social';

/** Which tab holds the first problem, so a failed save shows it (inactive tabs stay mounted but hidden). */
function sectionWithError(errors: FieldErrors<UpdateProfileInput>): Section {
  const inSocial = Object.keys(errors).every((name) => (socialFields as readonly string[]).includes(name));
  return inSocial ? 'social' : 'details';
}

/** Both tabs edit one form; 'Save Changes' saves everything at once. */
export function ProfileForm({ profile, email, joinedAt }: { profile: Profile; email: string; joinedAt: string }) {
  const update = useUpdateProfile();
  const [section, setSection] = useState<Section>('details');
  // A fresh object per save, so a second save restarts the 3 s notice.
  const [saved, setSaved] = useState<object | null>(null);
  const form = useForm<UpdateProfileInput, unknown, UpdateProfileData>({
    resolver: zodResolver(UpdateProfileRequest),
    defaultValues: profileFormValues(profile),
  });
  const displayName = useWatch({ control: form.control, name: 'displayName' });

  useEffect(() => {
    if (saved === null) return undefined;
    const id = setTimeout(() => setSaved(null), PROFILE_SAVED_NOTICE_MS);
    return () => clearTimeout(id);
  }, [saved]);

  const onSubmit = form.handleSubmit(
    async (data) => {
      setSaved(null);
      try {
        form.reset(profileFormValues(await update.mutateAsync(data)));
        setSaved({});
      } catch {
        // Shown from update.error below.
      }
    },
    (errors) => setSection(sectionWithError(errors)),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} aria-label={profileTexts.editProfile} noValidate>
      <Tabs value={section} onValueChange={(v) => setSection(v as Section)}>
        <TabsList aria-label={profileTexts.sections} className="w-full sm:w-auto">
          <TabsTrigger value="details" className="flex-1 sm:flex-none">
            {profileTexts.details}
          </TabsTrigger>
          <TabsTrigger value="social" className="flex-1 sm:flex-none">
            {profileTexts.social}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="details" forceMount className="data-[state=inactive]:hidden">
          <div className="flex flex-col gap-6">
            <AvatarEditor name={profile.displayName} avatarUrl={profile.avatarUrl} />
            <ProfileDetailsFields form={form} />
            <AccountFacts email={email} joinedAt={joinedAt} updatedAt={profile.updatedAt} />
          </div>
        </TabsContent>
        <TabsContent value="social" forceMount className="data-[state=inactive]:hidden">
          <p className="mb-4 text-sm text-ink-600">{profileTexts.socialHint}</p>
          <SocialLinksFields form={form} />
        </TabsContent>
      </Tabs>
      <div className="mt-6 flex flex-col gap-3 border-t border-ink-100 pt-5">
        {update.error && <Alert tone="error">{userMessage(update.error)}</Alert>}
        {saved && <Alert tone="success">{profileTexts.saved}</Alert>}
        <Button type="submit" loading={update.isPending} disabled={displayName.trim() === ''} className="w-full sm:w-auto sm:self-end">
          {update.isPending ? profileTexts.saving : profileTexts.save}
        </Button>
      </div>
    </form>
  );
}
