import type { TrainedModelType } from '#contracts/model-kinds.ts';

const paths: Record<TrainedModelType, string> = {
  // A person: head and shoulders.
  character: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8.5c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5',
  // Sparkles: one large, one small.
  general:
    'M10 3.5 11.6 8.4 16.5 10l-4.9 1.6L10 16.5l-1.6-4.9L3.5 10l4.9-1.6L10 3.5Zm8 10 .8 2.2 2.2.8-2.2.8L18 21.5l-.8-2.2-2.2-.8 2.2-.8.8-2.2Z',
  // A bottle with a cap and a label.
  product: 'M10 2.75h4M10.5 2.75v3.5L8 9v11.25h8V9l-2.5-2.75v-3.5M8 12.5h8M8 17h8',
  // A brush stroke over a canvas.
  style: 'M4 20c2.5 0 4-1.2 4-3.5a2.5 2.5 0 0 0-5 0c0 1.5-.5 2.5-1 3.5h2Zm4.5-5L20 3.5M11 17.5l-2.5-2.5',
};

/** The model type's little picture on its card. */
export function ModelTypeIcon({ type }: { type: TrainedModelType }) {
  return (
    <span
      aria-hidden="true"
      className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 ring-inset"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={paths[type]} />
      </svg>
    </span>
  );
}
