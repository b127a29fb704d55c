import type { ImageProvider, ImageProviderName } from './image-provider.ts';

/** An image provider whose implementation is imported on first use (keeps start-up fast). */
export function lazyImageProvider(name: ImageProviderName, load: () => Promise<ImageProvider>): ImageProvider {
  let provider: Promise<ImageProvider> | undefined;
  return {
    name,
    async generate(request, context) {
      provider ??= load();
      return (await provider).generate(request, context);
    },
  };
}
