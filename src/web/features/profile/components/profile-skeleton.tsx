import { profileTexts } from '../texts.ts';

/** The profile card's shape while it loads. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label={profileTexts.loading} className="animate-pulse">
      <div className="h-10 w-64 max-w-full rounded-xl bg-ink-100" />
      <div className="mt-6 flex items-center gap-5">
        <div className="size-24 rounded-full bg-ink-100" />
        <div className="h-9 w-32 rounded-xl bg-ink-100" />
      </div>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <div className="h-11 rounded-xl bg-ink-100 sm:col-span-2" />
        <div className="h-24 rounded-xl bg-ink-100 sm:col-span-2" />
        <div className="h-11 rounded-xl bg-ink-100" />
        <div className="h-11 rounded-xl bg-ink-100" />
      </div>
    </div>
  );
}
