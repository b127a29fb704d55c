import { useId } from 'react';
import { videoResolutions, videoSettings, type VideoEffect, type VideoResolution } from '#contracts/video-effects.ts';
import { Select } from '#web/components/ui/select.tsx';
import { Slider } from '#web/components/ui/slider.tsx';
import { effectOptions, isVideoEffect, type VideoEditorSettings } from '../lib/video-settings.ts';
import { videoStudioTexts } from '../texts.ts';

const resolutionOptions = videoResolutions.map((r) => ({ value: String(r), label: `${r}p` }));

function SliderField({
  label,
  value,
  unit,
  min,
  max,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  unit: string;
  min: number;
  max: number;
  onChange: (value: number) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <span id={id} className="text-sm font-medium text-ink-800">
          {label}
        </span>
        <span className="text-sm font-semibold text-ink-900 tabular-nums" aria-hidden="true">
          {value}
          {unit}
        </span>
      </div>
      <Slider
        aria-label={label}
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([next]) => next !== undefined && onChange(next)}
        disabled={disabled}
      />
      <div className="flex justify-between text-xs text-ink-500" aria-hidden="true">
        <span>
          {min}
          {unit}
        </span>
        <span>
          {max}
          {unit}
        </span>
      </div>
    </div>
  );
}

/** Effect, Video Length (1-5 s), Resolution (360-640) and Steps (10-70). */
export function VideoSettingsFields({
  settings,
  onChange,
  disabled = false,
}: {
  settings: VideoEditorSettings;
  onChange: (patch: Partial<VideoEditorSettings>) => void;
  disabled?: boolean;
}) {
  const effectId = useId();
  const resolutionId = useId();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={effectId} className="text-sm font-medium text-ink-800">
          {videoStudioTexts.effect}
        </label>
        <Select
          id={effectId}
          options={effectOptions}
          value={settings.effect}
          disabled={disabled}
          onChange={(e) => {
            const effect: string = e.target.value;
            if (isVideoEffect(effect)) onChange({ effect: effect satisfies VideoEffect });
          }}
        />
      </div>
      <SliderField
        label={videoStudioTexts.length}
        unit=" s"
        value={settings.videoLength}
        min={videoSettings.length.min}
        max={videoSettings.length.max}
        onChange={(videoLength) => onChange({ videoLength })}
        disabled={disabled}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={resolutionId} className="text-sm font-medium text-ink-800">
          {videoStudioTexts.resolution}
        </label>
        <Select
          id={resolutionId}
          options={resolutionOptions}
          value={String(settings.resolution)}
          disabled={disabled}
          onChange={(e) => onChange({ resolution: Number(e.target.value) as VideoResolution })}
        />
      </div>
      <SliderField
        label={videoStudioTexts.steps}
        unit=""
        value={settings.steps}
        min={videoSettings.steps.min}
        max={videoSettings.steps.max}
        onChange={(steps) => onChange({ steps })}
        disabled={disabled}
      />
    </div>
  );
}
