/** The ledger reference of a job's reservation and of its refund (one of each, ever). */
export const generationCreditReference = (jobId: string) => `generation:${jobId}`;
