import { CloudUpload } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The dashed drop area of an upload box, by drag state (the upload box, the batch's photos). */
export function dropZoneClass(drag: { isDragActive: boolean; isDragReject: boolean }, ...extra: Array<string | false>): string {
  return cn(
    'group flex flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    drag.isDragActive && !drag.isDragReject && 'border-brand-500 bg-brand-50',
    drag.isDragReject && 'border-danger-600 bg-danger-50',
    !drag.isDragActive && 'border-ink-300 bg-ink-50/60 hover:border-brand-400 hover:bg-brand-50/40',
    ...extra,
  );
}

/** The round upload icon in a drop area; filled while something is dragged over it. */
export function DropZoneIcon({ active }: { active: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-10 place-items-center rounded-full transition-colors',
        active ? 'bg-brand-600 text-white' : 'bg-white text-brand-600 ring-1 ring-ink-200 group-hover:ring-brand-300',
      )}
    >
      <CloudUpload className="size-5" />
    </span>
  );
}
