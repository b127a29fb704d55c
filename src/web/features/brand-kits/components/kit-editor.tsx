import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { BrandKit, BrandKitList } from '#contracts/brand-kits.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonStyles } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { userMessage } from '#web/lib/api-errors.ts';
import { paths } from '#web/lib/paths.ts';
import { useCreateBrandKit } from '../api/create-brand-kit.ts';
import { useUpdateBrandKit } from '../api/update-brand-kit.ts';
import {
  changedFields,
  fieldOfServerMessage,
  fontChoiceOf,
  KitForm,
  kitInput,
  kitValues,
  newKitValues,
  type KitField,
  type KitFormData,
  type KitFormInput,
} from '../lib/kit-form.ts';
import { brandKitTexts } from '../texts.ts';
import { AdPreview } from './ad-preview.tsx';
import { AvoidWordsField } from './avoid-words-field.tsx';
import { ColorsField } from './colors-field.tsx';
import { FontSelect } from './font-select.tsx';
import { LogoUploads } from './logo-uploads.tsx';

const VOICE_MAX = 500;

/**
 * The first field a check refused takes focus (the colours and words are not registered inputs, so
 * react-hook-form's own focus would miss them).
 */
function focusFirstInvalid(formElement: HTMLFormElement) {
  requestAnimationFrame(() => formElement.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * The kit form beside its live preview (below it on phones). Values are checked with the contract's
 * own rules before sending; a 400 from the server is shown at the field its message names, and above
 * the form. A new kit is created first, then its logos can be added (the page moves to the kit).
 */
export function KitEditor({ workspaceId, kit, list }: { workspaceId: string; kit: BrandKit | null; list: BrandKitList }) {
  const navigate = useNavigate();
  const create = useCreateBrandKit(workspaceId);
  const update = useUpdateBrandKit(workspaceId, kit?.id ?? '');
  const [serverError, setServerError] = useState<{ message: string; field: KitField | undefined } | null>(null);
  const form = useForm<KitFormInput, unknown, KitFormData>({
    resolver: zodResolver(KitForm),
    shouldFocusError: false,
    defaultValues: kit ? kitValues(kit) : newKitValues,
  });
  const { errors, isSubmitting } = form.formState;
  // The fields drawn from the form's values (and the preview) follow them through useWatch and
  // setValue, which other forms use already: react-hook-form's Controller, useController and
  // useFieldArray would be bundled into the app shell's chunk that every signed-in page loads.
  const [colors, headingFont, bodyFont, voice, avoidWords] = useWatch({
    control: form.control,
    name: ['colors', 'headingFont', 'bodyFont', 'voice', 'avoidWords'],
  });
  const set = <K extends 'colors' | 'headingFont' | 'bodyFont' | 'avoidWords'>(name: K, value: KitFormInput[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const fieldError = (field: KitField) => (serverError?.field === field ? serverError.message : undefined);

  const save = async (data: KitFormData, formElement: HTMLFormElement) => {
    setServerError(null);
    try {
      if (kit) {
        const changes = changedFields(kitInput(data), kit);
        if (Object.keys(changes).length > 0) {
          const saved = await update.mutateAsync(changes);
          toast(brandKitTexts.saved(saved.name), 'success');
        }
        await navigate(paths.brandKits);
      } else {
        const created = await create.mutateAsync(kitInput(data));
        toast(brandKitTexts.created(created.name), 'success');
        await navigate(paths.brandKit(created.id), { replace: true });
      }
    } catch (error) {
      const message = userMessage(error);
      const field = error instanceof ApiError && error.status === 400 ? fieldOfServerMessage(message, data, list.fonts) : undefined;
      setServerError({ message, field });
      if (field) focusFirstInvalid(formElement);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <Card className="p-5 sm:p-6">
        <form
          onSubmit={(e) => {
            const formElement = e.currentTarget;
            void form.handleSubmit(
              (data) => save(data, formElement),
              () => focusFirstInvalid(formElement),
            )(e);
          }}
          aria-label={brandKitTexts.formLabel}
          noValidate
          className="flex flex-col gap-6"
        >
          {serverError && (
            <Alert tone="error" title={brandKitTexts.saveFailed}>
              {serverError.message}
            </Alert>
          )}
          <Field label={brandKitTexts.name} error={errors.name?.message ?? fieldError('name')} required>
            <Input autoComplete="off" placeholder={brandKitTexts.namePlaceholder} {...form.register('name')} />
          </Field>
          <ColorsField colors={colors} onChange={(next) => set('colors', next)} errors={errors} serverError={fieldError('colors')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={brandKitTexts.headingFont} error={fieldError('headingFont')}>
              <FontSelect fonts={list.fonts} value={headingFont} onChange={(value) => set('headingFont', value)} />
            </Field>
            <Field label={brandKitTexts.bodyFont} error={fieldError('bodyFont')}>
              <FontSelect fonts={list.fonts} value={bodyFont} onChange={(value) => set('bodyFont', value)} />
            </Field>
          </div>
          <Field
            label={brandKitTexts.voice}
            hint={brandKitTexts.voiceCount((voice ?? '').length, VOICE_MAX)}
            error={errors.voice?.message ?? fieldError('voice')}
          >
            <Textarea rows={4} placeholder={brandKitTexts.voicePlaceholder} {...form.register('voice')} />
          </Field>
          <AvoidWordsField
            words={typeof avoidWords === 'string' ? [avoidWords] : avoidWords}
            onChange={(words) => set('avoidWords', words)}
            error={errors.avoidWords?.message ?? firstItemError(errors.avoidWords) ?? fieldError('avoidWords')}
          />
          <LogoUploads workspaceId={workspaceId} kit={kit} />
          <div className="flex flex-col-reverse gap-2 border-t border-ink-100 pt-5 sm:flex-row sm:justify-end">
            <Link to={paths.brandKits} className={buttonStyles({ variant: 'secondary' })}>
              {brandKitTexts.cancel}
            </Link>
            <Button type="submit" loading={isSubmitting}>
              {isSubmitting ? brandKitTexts.saving : kit ? brandKitTexts.save : brandKitTexts.create}
            </Button>
          </div>
        </form>
      </Card>
      <aside aria-labelledby="kit-preview" className="flex flex-col gap-3 lg:sticky lg:top-24">
        <div>
          <h2 id="kit-preview" className="text-lg font-semibold text-ink-900">
            {brandKitTexts.preview}
          </h2>
          <p className="text-sm text-ink-600">{brandKitTexts.previewIntro}</p>
        </div>
        <AdPreview
          colors={colors ?? []}
          headingFont={fontChoiceOf(headingFont)}
          bodyFont={fontChoiceOf(bodyFont)}
          fonts={list.fonts}
          logos={kit?.logos ?? null}
        />
      </aside>
    </div>
  );
}

/** The first message among a list's item errors (react-hook-form keeps them by index). */
function firstItemError(errors: unknown): string | undefined {
  if (!Array.isArray(errors)) return undefined;
  for (const item of errors as ({ message?: string } | undefined)[]) if (item?.message) return item.message;
  return undefined;
}
