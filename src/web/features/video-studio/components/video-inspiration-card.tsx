import { Film, Play, WandSparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { VideoInspiration } from '#contracts/inspirations.ts';
import type { VideoEffect } from '#contracts/video-effects.ts';
import { videoStudioTexts } from '../texts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** What choosing a video example puts in the editor. */
export interface VideoInspirationChoice {
  subject: string;
  effect: VideoEffect;
}

/**
 * One video example: its video (the poster first; it plays while the card is hovered or holds the
 * keyboard focus), the effect under its readable name, the subject and 'Use this'.
 */
export function VideoInspirationCard({ item, onUse }: { item: VideoInspiration; onUse: (choice: VideoInspirationChoice) => void }) {
  const cardRef = useRef<HTMLLIElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const subjectId = useId();
  const effectName = videoStudioTexts.effectNames[item.effect];
  const use = () => onUse({ subject: item.prompt, effect: item.effect });

  // The video plays while the pointer is over the card or the keyboard focus is inside it.
  useEffect(() => {
    const card = cardRef.current!;
    let hovered = false;
    let focused = false;
    const sync = () => {
      const video = videoRef.current;
      if (!video) return;
      if (hovered || focused) {
        // The browser may refuse or interrupt playback (a pause right after, power saving): the poster stays.
        void Promise.resolve(video.play()).catch(() => {});
      } else {
        video.pause();
      }
    };
    const enter = () => {
      hovered = true;
      sync();
    };
    const leave = () => {
      hovered = false;
      sync();
    };
    const focusIn = () => {
      focused = true;
      sync();
    };
    const focusOut = (e: FocusEvent) => {
      // Focus moving between the card's own buttons keeps it playing.
      if (e.relatedTarget instanceof Node && card.contains(e.relatedTarget)) return;
      focused = false;
      sync();
    };
    card.addEventListener('mouseenter', enter);
    card.addEventListener('mouseleave', leave);
    card.addEventListener('focusin', focusIn);
    card.addEventListener('focusout', focusOut);
    return () => {
      card.removeEventListener('mouseenter', enter);
      card.removeEventListener('mouseleave', leave);
      card.removeEventListener('focusin', focusIn);
      card.removeEventListener('focusout', focusOut);
    };
  }, []);

  return (
    <li ref={cardRef} className="flex flex-col overflow-hidden rounded-2xl border border-ink-200 bg-white shadow-[var(--shadow-card)]">
      <button
        type="button"
        onClick={use}
        className="relative block aspect-square w-full overflow-hidden bg-ink-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        aria-label={videoStudioTexts.exampleButton(item.prompt, effectName)}
      >
        {!item.posterUrl && <Film aria-hidden="true" className="absolute inset-0 m-auto size-10 text-ink-400" />}
        <video
          ref={videoRef}
          src={item.videoUrl}
          poster={item.posterUrl ?? undefined}
          muted
          playsInline
          loop
          preload="none"
          width={384}
          height={384}
          className="relative size-full object-cover"
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
        {!playing && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute right-2.5 bottom-2.5 grid size-8 place-items-center rounded-full bg-ink-950/60 text-white backdrop-blur-[2px]"
          >
            <Play className="size-4 translate-x-px fill-current" />
          </span>
        )}
      </button>
      <div className="flex flex-1 flex-col gap-2.5 p-3.5">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone="brand">
            <WandSparkles className="size-3" aria-hidden="true" />
            {effectName}
          </Badge>
          <Badge>{item.category}</Badge>
          {item.subcategory && <Badge>{item.subcategory}</Badge>}
        </div>
        <p id={subjectId} className="text-sm leading-relaxed font-medium break-words text-ink-800">
          {item.prompt}
        </p>
        <Button variant="secondary" size="sm" className="mt-auto w-full" onClick={use} aria-describedby={subjectId}>
          {videoStudioTexts.pickExample}
        </Button>
      </div>
    </li>
  );
}
