/** What users read in the video studio. */
export const videoStudioTexts = {
  succeeded: 'Video generated successfully!',
  enhanceFailed: 'Failed to enhance subject',
  rewriteFailedHeading: 'Failed to rewrite subject',
  rewriteHint: 'Try simplifying your request or try again in a few moments.',
  rewriteChangePrompt: 'What would you like to change?',
} as const;
