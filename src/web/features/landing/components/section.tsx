import type { ReactNode } from 'react';
import { Card } from '#web/components/ui/card.tsx';

/** A landing section: a centred heading, then its content. */
export function Section({ title, muted, children }: { title: string; muted?: boolean; children: ReactNode }) {
  return (
    <section className={`px-4 py-24 text-center ${muted ? 'bg-ink-50' : 'bg-white'}`}>
      <h2 className="mb-12 text-3xl font-extrabold tracking-tight text-balance text-ink-950 sm:text-5xl">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Four cards [title, text], each led by `leads[i]`: an image, or (with `chips`) a short mark
 * such as a step number in a violet chip.
 */
export function Cards({ items, leads, chips }: { items: ReadonlyArray<readonly [string, string]>; leads: ReactNode[]; chips?: boolean }) {
  return (
    <ul className="mx-auto grid max-w-6xl gap-5 text-left sm:grid-cols-2 lg:grid-cols-4">
      {items.map(([title, text], i) => (
        <li key={title}>
          <Card className="h-full p-5">
            {chips ? (
              <span className="mb-5 grid size-12 place-items-center rounded-xl bg-brand-600 font-bold text-white">{leads[i]}</span>
            ) : (
              leads[i]
            )}
            <h3 className="text-lg font-bold text-ink-950">{title}</h3>
            <p className="mt-1 text-ink-600">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
