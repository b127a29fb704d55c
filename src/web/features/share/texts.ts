/** What the public page of one shared klip says. */
export const shareTexts = {
  notFound: 'Image Not Found',
  notFoundHint: 'This image may have been removed or is no longer public.',
  backHome: 'Back to home',
  sharedKlip: 'Shared klip',
  generatedWith: 'Generated with',
  loading: 'Loading klip',
} as const;
