/** The video's frame: the short side is the requested resolution, the aspect follows the picture within 9:16–16:9, both sides even (H.264 with yuv420p needs that). */
const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

export function frameSize(imageWidth: number, imageHeight: number, resolution: number): { width: number; height: number } {
  const aspect = Math.min(16 / 9, Math.max(9 / 16, imageWidth / Math.max(1, imageHeight)));
  return aspect >= 1
    ? { width: even(resolution * aspect), height: even(resolution) }
    : { width: even(resolution), height: even(resolution / aspect) };
}
