/** Shopify keeps up to 512 characters of alt text; a short one reads better to screen readers and search. */
export const ALT_TEXT_MAX = 160;
const DESCRIPTION_MAX = 100;

/**
 * A published image's alt text: the product's title and a short description taken from the prompt
 * (its first clause, without a leading article), e.g. "Ceramic Mug — on a marble counter in soft morning light".
 */
export function publicationAltText(productTitle: string, prompt: string): string {
  const clause = (prompt.split(/[.!?\n;]/)[0] ?? '').replace(/\s+/g, ' ').trim();
  const description = clause.length > DESCRIPTION_MAX ? `${clause.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…` : clause;
  const alt = description ? `${productTitle.trim()} — ${description}` : productTitle.trim();
  return alt.length > ALT_TEXT_MAX ? `${alt.slice(0, ALT_TEXT_MAX - 1)}…` : alt;
}

/** The staged file's name: Shopify keeps it in the media's URL, so a try after a crash recognises its own upload. */
export function publicationFileName(publicationId: string): string {
  return `klipt-${publicationId}.jpg`;
}
