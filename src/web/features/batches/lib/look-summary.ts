import { adLayout, adSize, type AdLayoutId, type AdSizeId } from '#contracts/ad-formats.ts';
import { exportPreset, type ExportPresetId } from '#contracts/exports.ts';
import { batchesTexts } from '../texts.ts';

const texts = batchesTexts.looks;

/** What a look makes besides the klips: its ads (layout and sizes) and the export presets in the ZIP. */
export function lookSummary(look: {
  adLayout: AdLayoutId | null;
  adSizes: readonly AdSizeId[];
  exportPresets: readonly ExportPresetId[];
}): string[] {
  const lines = [
    look.adLayout && look.adSizes.length > 0
      ? texts.makesAds(adLayout(look.adLayout).label, look.adSizes.map((id) => adSize(id).label).join(', '))
      : texts.makesNoAds,
  ];
  if (look.exportPresets.length > 0) lines.push(texts.exports(look.exportPresets.map((id) => exportPreset(id).label).join(', ')));
  return lines;
}
