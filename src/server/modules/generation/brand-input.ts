import { sql, type SQL } from 'drizzle-orm';
import { brandClauses, missingBrandClauses } from '#contracts/brand-voice.ts';
import { brandKits } from '../../db/schema/index.ts';
import type { BrandChoice } from '../brand-kits/brand-choice.ts';

/**
 * A chosen brand kit as a job stores it (docs/product-rules.md#brand-kits): taken when the job is
 * paid for, so editing or deleting the kit later does not change a job already asked for.
 */
export interface BrandInput {
  kitId: string;
  kitName: string;
  /** Added to the provider's prompt: the kit's mood and colours (contracts/brand-voice.ts brandClauses). */
  clauses: string[];
  /** The kit's colours as hex, for renderers that draw with a palette (the local one). */
  palette: string[];
}

export function brandInputFor(choice: BrandChoice | null): BrandInput | undefined {
  if (!choice) return undefined;
  return {
    kitId: choice.id,
    kitName: choice.name,
    clauses: brandClauses(choice.brand),
    palette: choice.brand.colours.map((c) => c.hex),
  };
}

/** What the provider is asked for: the prompt with the kit's clauses it does not have yet. The klip keeps the seller's prompt. */
export function providerPrompt(prompt: string, brand: BrandInput | undefined): string {
  if (!brand) return prompt;
  const missing = missingBrandClauses(prompt, brand.clauses);
  return missing.length === 0 ? prompt : [prompt.trim().replace(/[\s,.;]+$/, ''), ...missing].join(', ');
}

/**
 * The klip's `brand_kit_id`: the kit if it still exists when the klip is written, else null (a kit
 * deleted while the job ran does not fail it; the foreign key would refuse a missing id).
 */
export function klipBrandKit(brand: BrandInput | undefined): { brandKitId?: SQL } {
  if (!brand) return {};
  return { brandKitId: sql`(select ${brandKits.id} from ${brandKits} where ${brandKits.id} = ${brand.kitId})` };
}

/** The attribute a klip made with a kit shows ("Brand kit: Sunny"): its name when the job was paid for. */
export function brandAttributes(brand: BrandInput | undefined): Record<string, string> {
  return brand ? { brand_kit: brand.kitName } : {};
}
