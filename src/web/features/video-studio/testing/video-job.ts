import { videoGenerationSteps, type GenerationJob, type VideoJobSettings } from '#contracts/generation.ts';

export const videoSettingsFixture: VideoJobSettings = {
  subject: 'sneaker',
  effect: 'rotate_it',
  referenceUploadId: 'up-ref',
  videoLength: 3,
  resolution: 560,
  steps: 30,
  seed: 7,
};

/** A video job as the API sends it: queued at step 0 unless the test says otherwise. */
export function videoJobFixture(patch: Partial<GenerationJob> = {}): GenerationJob {
  return {
    id: 'bbbbbbbb-0000-4000-8000-000000000007',
    kind: 'video',
    status: 'queued',
    progress: 0,
    step: 0,
    stepLabel: videoGenerationSteps[0].message,
    cost: 5,
    modelType: 'standard',
    modelId: '',
    modelName: 'Klipt Video Effects',
    prompt: 'sneaker',
    aspectRatio: '',
    provider: 'local',
    error: null,
    refunded: false,
    klip: null,
    video: videoSettingsFixture,
    groupId: null,
    variation: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...patch,
  };
}
