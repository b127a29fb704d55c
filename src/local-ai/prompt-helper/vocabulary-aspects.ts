// Vocabulary: words showing a prompt already covers style, lighting or lens/composition.

export const styleWords =
  /\b(?:photo|photos|photograph|photography|photoshoot|shot|illustration|painting|render|rendering|cartoon|anime|watercolou?r|sketch|vector|drawing|3d|cinematic|editorial|flat lay|lifestyle|minimalist|vintage|retro|style)\b/i;
export const artStyleWords =
  /\b(?:illustration|painting|render|rendering|cartoon|anime|watercolou?r|sketch|vector|drawing|3d|pixel art|clay|claymation|comic)\b/i;
export const lightingWords =
  /\b(?:light|lights|lighting|lit|sunlight|sunlit|daylight|sunset|sunrise|golden hour|neon|glow|glowing|backlit|backlight|shadow|shadows|night|moonlight|candlelight|illuminated|moody|low-key|high-key|softbox|dusk|dawn)\b/i;
export const lensWords =
  /\b(?:lens|\d+\s?mm|close-?up|macro|wide-angle|wide shot|angle|overhead|top-down|flat lay|composition|centered|centred|framing|framed|aerial|view|perspective|depth of field|bird'?s-eye)\b/i;
