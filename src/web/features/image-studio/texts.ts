/** What users read in the image studio. */
export const imageStudioTexts = {
  generateLabel: (count: number, cost: number) => `Generate ${count} — ${cost} ${cost === 1 ? 'credit' : 'credits'}`,
  countLabel: 'Variations',
} as const;
