/** Whether a text is a colour the contract takes (#RRGGBB). */
export function isHex(value: string): boolean {
  return /^#[0-9A-Fa-f]{6}$/.test(value.trim());
}

/** Relative luminance (WCAG) of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Whether a background is dark enough that text on it should be light. */
export function isDark(hex: string): boolean {
  return luminance(hex) < 0.4;
}

/** Black or white, whichever reads better on the colour. */
export function textOn(hex: string): string {
  return isDark(hex) ? '#FFFFFF' : '#111111';
}
