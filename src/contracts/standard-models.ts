import type { StandardModelCategory, StandardModelMode } from './model-kinds.ts';

/** One built-in standard model: what the seed stores, the resolver runs and the editor shows. */
export interface StandardModelEntry {
  /** The provider's endpoint slug (Segmind's `/v1/{slug}`); unique. */
  slug: string;
  /** The model's own name, stored in ai_models.name. */
  name: string;
  /** What users read (docs/product-rules.md, "Models"). */
  displayName: string;
  mode: StandardModelMode;
  category: StandardModelCategory;
  description: string;
  sortOrder: number;
}

/** The catalogue of standard models, in display order; seeded once, never overwritten. */
export const standardModelCatalogue: readonly StandardModelEntry[] = [
  {
    slug: 'flux-1.1-pro-ultra',
    name: 'Flux 1.1 Pro Ultra',
    displayName: 'Klipt Ultra 1.1',
    mode: 'text',
    category: 'general',
    sortOrder: 1,
    description:
      'Flagship text-to-image model: up to 4-megapixel output, raw mode for natural-looking photos, ultra mode for detail, strong prompt accuracy and fast results.',
  },
  {
    slug: 'ai-product-photo-editor',
    name: 'AI Product Photo Editor',
    displayName: 'Klipt AI Editor',
    mode: 'product',
    category: 'product',
    sortOrder: 2,
    description:
      'Upload a product photo and a background, describe the scene, and get a studio-grade product shot with matched lighting, soft edges and natural shadows.',
  },
  {
    slug: 'segfit-v1.1',
    name: 'KliptFit',
    displayName: 'KliptFit',
    mode: 'tryon',
    category: 'fashion',
    sortOrder: 3,
    description: 'Fashion virtual try-on: put an outfit on an AI model in a styled scene.',
  },
];

/** The catalogue entry of a slug; undefined for a model added outside the catalogue. */
export function standardModelBySlug(slug: string): StandardModelEntry | undefined {
  return standardModelCatalogue.find((m) => m.slug === slug);
}

/** A standard model that is not in the catalogue draws from text, under the generic name. */
export function standardModelMode(slug: string): StandardModelMode {
  return standardModelBySlug(slug)?.mode ?? 'text';
}

/** How a standard model's name is shown: the catalogue's display name, else "Klipt Ultra". */
export function standardModelDisplayName(name: string): string {
  return standardModelCatalogue.find((m) => m.name === name)?.displayName ?? 'Klipt Ultra';
}

/**
 * How a klip's recorded model is shown. Generation records what users read already ("Klipt Ultra
 * 1.1", or a trained model's own name); a catalogue name (klips saved before that) reads as its
 * display name.
 */
export function klipModelDisplayName(recorded: string): string {
  return standardModelCatalogue.find((m) => m.name === recorded)?.displayName ?? recorded;
}
