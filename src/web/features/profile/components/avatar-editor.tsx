import { AvatarPicker } from '#web/components/avatar-picker.tsx';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { profileTexts } from '../texts.ts';

const texts = {
  upload: profileTexts.uploadPhoto,
  change: profileTexts.changePhoto,
  uploading: profileTexts.uploading,
  uploadingLabel: profileTexts.uploadingAvatar,
  remove: profileTexts.remove,
  hint: profileTexts.avatarHint,
  imageLabel: profileTexts.avatarImage,
};

/** The account's avatar with Upload and Remove. */
export function AvatarEditor({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  return <AvatarPicker name={name} avatarUrl={avatarUrl} upload={useUploadAvatar()} remove={useDeleteAvatar()} texts={texts} />;
}
