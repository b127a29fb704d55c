import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { DemoStorefrontProduct } from '#contracts/stores.ts';
import { cn } from '#web/lib/cn.ts';
import { storeTexts } from '../texts.ts';

type Media = DemoStorefrontProduct['media'][number];

function AddedByKlipt({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-ink-950/80 px-2 py-0.5 text-[11px] font-semibold text-white backdrop-blur',
        className,
      )}
      data-testid="added-by-klipt"
    >
      <Sparkles className="size-3" aria-hidden="true" />
      {storeTexts.addedByKlipt}
    </span>
  );
}

/** A shop's product gallery: the main image and the thumbnails that choose it; media from Klipt are marked. */
export function MediaGallery({ media, title }: { media: Media[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = media[Math.min(index, media.length - 1)];
  if (!current) return <div className="aspect-square rounded-2xl bg-ink-100" />;
  return (
    <div className="flex flex-col gap-3" aria-label={storeTexts.mediaLabel} role="group">
      <div className="relative aspect-square overflow-hidden rounded-2xl bg-ink-50 ring-1 ring-ink-200">
        <img src={current.url} alt={current.alt || title} className="absolute inset-0 size-full object-contain" />
        {current.addedByKlipt && <AddedByKlipt className="absolute top-3 left-3" />}
      </div>
      {media.length > 1 && (
        <ul className="grid grid-cols-4 gap-2 sm:grid-cols-5">
          {media.map((item, i) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={storeTexts.showMedia(i + 1, media.length)}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'relative block aspect-square w-full overflow-hidden rounded-lg bg-ink-50 ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                  i === index ? 'ring-2 ring-ink-900' : 'ring-ink-200 hover:ring-ink-400',
                )}
              >
                <img src={item.url} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
                {item.addedByKlipt && (
                  <span className="absolute right-1 bottom-1 grid size-5 place-items-center rounded-full bg-ink-950/80 text-white">
                    <Sparkles className="size-3" aria-hidden="true" />
                    <span className="sr-only">{storeTexts.addedByKlipt}</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
