import { describe, expect, it } from 'vitest';
import { videoCreditsError, videoGenerateBlocker } from './video-generate-rules.ts';

const ready = { subject: 'sneaker', generating: false, hasReference: true, uploading: false };

describe('the video Generate button', () => {
  it('is enabled with a subject and an uploaded reference image', () => {
    expect(videoGenerateBlocker(ready)).toBeNull();
  });

  it.each([
    ['while busy', { generating: true }, 'Generating...'],
    ['while the reference uploads', { uploading: true, hasReference: false }, 'Waiting for your upload to finish'],
    ['without a reference image', { hasReference: false }, 'Please upload a reference image.'],
    ['without a subject', { subject: '   ' }, 'Enter a subject to generate'],
  ])('is disabled %s', (_label, patch, reason) => {
    expect(videoGenerateBlocker({ ...ready, ...patch })).toBe(reason);
  });

  it('asks for 5 credits before sending anything', () => {
    expect(videoCreditsError(4)).toBe('Not enough credits. You need 5 credits to generate a video.');
    expect(videoCreditsError(5)).toBeNull();
    // Unknown balance: the server decides.
    expect(videoCreditsError(undefined)).toBeNull();
  });
});
