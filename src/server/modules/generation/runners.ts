import type { GenerationKind } from '#contracts/job-kinds.ts';
import type { VideoProvider } from '../../providers/ai/video-provider.ts';
import { createImageRunner, type ImageRunDeps } from './image-run.ts';
import type { JobRunner } from './runner.ts';
import { createVideoRunner } from './video-run.ts';

export interface RunnersDeps extends ImageRunDeps {
  videos: VideoProvider;
  videoTimeoutMs: number;
}

/** The runner of each kind of paid job: a new kind adds its runner file and its line here. */
export function createRunners(deps: RunnersDeps): Record<GenerationKind, JobRunner> {
  return {
    image: createImageRunner(deps),
    video: createVideoRunner({ ...deps, provider: deps.videos, timeoutMs: deps.videoTimeoutMs }),
  };
}
