import { z } from 'zod';
import { DEFAULT_BODY_FONT, DEFAULT_HEADING_FONT } from '#contracts/brand-fonts.ts';
import {
  brandKitFields,
  brandKitMessages,
  type BrandKit,
  type BrandKitChanges,
  type BrandKitInput,
  type FontChoice,
} from '#contracts/brand-kits.ts';

/** A font choice as a select's value: "catalog:inter" or "uploaded:<id>". */
export function fontValue(choice: FontChoice): string {
  return `${choice.kind}:${choice.id}`;
}

export function fontChoiceOf(value: string): FontChoice {
  const [kind, ...rest] = value.split(':');
  return { kind: kind === 'uploaded' ? 'uploaded' : 'catalog', id: rest.join(':') } as FontChoice;
}

/**
 * The editor's form: the contract's fields and rules (so a bad value reads the server's own message
 * before anything is sent), the fonts as select values.
 */
export const KitForm = z.object({
  name: brandKitFields.name,
  colors: brandKitFields.colors,
  headingFont: z.string(),
  bodyFont: z.string(),
  voice: brandKitFields.voice,
  avoidWords: brandKitFields.avoidWords,
});
export type KitFormInput = z.input<typeof KitForm>;
export type KitFormData = z.output<typeof KitForm>;

export interface KitFormValues {
  name: string;
  colors: { name: string; hex: string }[];
  headingFont: string;
  bodyFont: string;
  voice: string;
  avoidWords: string[];
}

/** A new kit: no colours yet, the default fonts. */
export const newKitValues: KitFormValues = {
  name: '',
  colors: [],
  headingFont: fontValue({ kind: 'catalog', id: DEFAULT_HEADING_FONT }),
  bodyFont: fontValue({ kind: 'catalog', id: DEFAULT_BODY_FONT }),
  voice: '',
  avoidWords: [],
};

export function kitValues(kit: BrandKit): KitFormValues {
  return {
    name: kit.name,
    colors: kit.colors.map((c) => ({ ...c })),
    headingFont: fontValue(kit.headingFont),
    bodyFont: fontValue(kit.bodyFont),
    voice: kit.voice ?? '',
    avoidWords: [...kit.avoidWords],
  };
}

/** What the server is sent: the checked values, the fonts as choices. */
export function kitInput(data: KitFormData): BrandKitInput {
  return {
    name: data.name,
    colors: data.colors,
    headingFont: fontChoiceOf(data.headingFont),
    bodyFont: fontChoiceOf(data.bodyFont),
    voice: data.voice,
    avoidWords: data.avoidWords,
  };
}

export type KitField = 'name' | 'colors' | 'headingFont' | 'bodyFont' | 'voice' | 'avoidWords';

const fieldOfMessage = new Map<string, KitField>([
  [brandKitMessages.nameRequired, 'name'],
  [brandKitMessages.nameTooLong, 'name'],
  [brandKitMessages.colorNameRequired, 'colors'],
  [brandKitMessages.colorNameTooLong, 'colors'],
  [brandKitMessages.colorHexInvalid, 'colors'],
  [brandKitMessages.tooManyColors, 'colors'],
  [brandKitMessages.fontChoiceInvalid, 'headingFont'],
  [brandKitMessages.voiceTooLong, 'voice'],
  [brandKitMessages.avoidWordEmpty, 'avoidWords'],
  [brandKitMessages.avoidWordTooLong, 'avoidWords'],
  [brandKitMessages.tooManyAvoidWords, 'avoidWords'],
]);

/**
 * The field a server's 400 message is about (its message names the first bad field), if it is one of
 * the form's. A refused font is the one that names an uploaded font no longer in the list (deleted
 * meanwhile), else the heading font.
 */
export function fieldOfServerMessage(message: string, data: KitFormData, uploaded: readonly { id: string }[]): KitField | undefined {
  const field = fieldOfMessage.get(message);
  if (field !== 'headingFont') return field;
  const gone = (value: string) => {
    const choice = fontChoiceOf(value);
    return choice.kind === 'uploaded' && !uploaded.some((f) => f.id === choice.id);
  };
  return !gone(data.headingFont) && gone(data.bodyFont) ? 'bodyFont' : 'headingFont';
}

/** What a PATCH sends: only the fields that differ from the kit as it was loaded (nothing when nothing changed). */
export function changedFields(input: BrandKitInput, kit: BrandKit): BrandKitChanges {
  const before: Record<keyof BrandKitInput, unknown> = {
    name: kit.name,
    colors: kit.colors,
    headingFont: kit.headingFont,
    bodyFont: kit.bodyFont,
    voice: kit.voice,
    avoidWords: kit.avoidWords,
  };
  const changed: BrandKitChanges = Object.fromEntries(
    Object.entries(input).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof BrandKitInput])),
  );
  return changed;
}
