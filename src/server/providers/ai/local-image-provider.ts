/** The local AI's image renderer (src/local-ai) behind the ImageProvider interface. */
import { formatProductBox, PRODUCT_BOX_ATTRIBUTE } from '#contracts/product-box.ts';
import { renderLocalImage } from '#local-ai/index.ts';
import type { ImageProvider } from './image-provider.ts';
import { asProviderError } from './local-ai-error.ts';

export { LOCAL_RENDERER_VERSION } from '#local-ai/index.ts';

/** Draws one picture: `localImageRenderer(pool)` in the server (local-render-pool.ts), the local AI itself (on this thread) by default. */
export type LocalImageRenderer = typeof renderLocalImage;

export function createLocalImageProvider(render: LocalImageRenderer = renderLocalImage): ImageProvider {
  return {
    name: 'local',
    async generate(request, context) {
      try {
        const image = await render(request, context);
        return {
          data: image.png,
          thumbnail: image.thumbnail,
          mimeType: 'image/png',
          attributes: {
            renderer: 'local',
            seed: String(image.seed),
            ...(image.productBox ? { [PRODUCT_BOX_ATTRIBUTE]: formatProductBox(image.productBox) } : {}),
          },
        };
      } catch (error) {
        throw asProviderError(error);
      }
    },
  };
}
