import { RadioGroup } from 'radix-ui';
import { aspectRatios, dimensionsFor, type AspectRatio } from '#contracts/aspect-ratio.ts';
import { imageStudioTexts } from '../texts.ts';
import { Tooltip } from '#web/components/ui/tooltip.tsx';
import { cn } from '#web/lib/cn.ts';

function Shape({ ratio, active }: { ratio: AspectRatio; active: boolean }) {
  const { width, height } = dimensionsFor(ratio, 22);
  return (
    <span aria-hidden="true" className="grid h-6 place-items-center">
      <span
        className={cn('block rounded-[3px] border-2', active ? 'border-brand-600 bg-brand-100' : 'border-ink-400 bg-white')}
        style={{ width, height }}
      />
    </span>
  );
}

/** Aspect ratio buttons (a radio group: arrow keys move) with a tooltip and the resulting size. */
export function AspectRatioPicker({
  value,
  onChange,
  labelledBy,
}: {
  value: AspectRatio;
  onChange: (ratio: AspectRatio) => void;
  labelledBy: string;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(v) => onChange(v as AspectRatio)}
      aria-labelledby={labelledBy}
      orientation="horizontal"
      className="grid grid-cols-4 gap-2"
    >
      {aspectRatios.map((ratio) => {
        const { width, height } = dimensionsFor(ratio);
        const active = ratio === value;
        return (
          <Tooltip key={ratio} content={imageStudioTexts.aspectRatioLabels[ratio]}>
            <RadioGroup.Item
              value={ratio}
              aria-label={`${ratio} (${width} × ${height})`}
              className={cn(
                'flex min-w-0 flex-col items-center gap-1 rounded-xl border px-1 py-2.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                active ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-500' : 'border-ink-200 bg-white hover:border-ink-300',
              )}
            >
              <Shape ratio={ratio} active={active} />
              <span className={cn('text-sm font-semibold', active ? 'text-brand-800' : 'text-ink-900')}>{ratio}</span>
              <span className="text-[10px] whitespace-nowrap text-ink-500 tabular-nums sm:text-[11px]">
                {width} × {height}
              </span>
            </RadioGroup.Item>
          </Tooltip>
        );
      })}
    </RadioGroup.Root>
  );
}
