import type { ImageProvider } from '../../providers/ai/image-provider.ts';
import type { GenerationInput } from './input.ts';

export interface ImageProviders {
  standard: ImageProvider;
  trained: ImageProvider;
}

/** The provider an image job names when it is paid for and runs on. */
export const providerFor = (providers: ImageProviders, input: GenerationInput): ImageProvider =>
  input.modelType === 'trained' ? providers.trained : providers.standard;
