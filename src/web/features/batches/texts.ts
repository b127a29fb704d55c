/** What users read on the batch pages (the batches' shared names are batchTexts in src/web/lib/texts.ts). */
export const batchesTexts = {
  subtitle: 'Run one look over a whole catalogue of product photos. Each photo becomes its own klip.',
  start: 'Start batch',
  cancel: 'Cancel batch',
  retry: 'Retry failed',
  downloadAll: 'Download all',
} as const;
