import { cn } from '../../lib/cn.ts';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-24 text-2xl' } as const;

/**
 * A round avatar: the image when there is one, else the name's initials on a brand tint. Either way
 * it is a picture, hidden from assistive technology: the initials are drawn by CSS, not text in the
 * page, so a control holding an avatar is named by its own words (WCAG 2.5.3, label in name).
 */
export function Avatar({
  name,
  src,
  size = 'sm',
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?';
  return src ? (
    <img src={src} alt="" className={cn('shrink-0 rounded-full object-cover ring-1 ring-ink-200', sizes[size], className)} />
  ) : (
    <span
      aria-hidden="true"
      data-initials={initials}
      className={cn(
        'grid shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-700 before:content-[attr(data-initials)]',
        sizes[size],
        className,
      )}
    />
  );
}
