import { header, sendBytes, sendJson, startServer, waitOrClose } from '#test-fakes/fake-server.ts';
import { makePng } from '#test-fakes/images.ts';

export interface SegmindStub {
  url: string;
  /** performance.now() of every image request, in arrival order. */
  calledAt: number[];
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight: () => number;
  peakInFlight: () => number;
  /** Forgets the calls and the peak (between runs). */
  reset: () => void;
  close: () => Promise<void>;
}

/**
 * Segmind's synchronous wire format (`POST /v1/{slug}` with `x-api-key`, the image bytes as the
 * answer) with a fixed latency and no limit of its own, so a worker's throughput against it is
 * bounded by the latency and the worker's concurrency only. The answer is a real 1024×1024 PNG of
 * one colour: few bytes, but Klipt still decodes it and renders its thumbnail.
 */
export async function startSegmindStub(latencyMs: number): Promise<SegmindStub> {
  const png = await makePng(1024, 1024, '#7c3aed');
  const calledAt: number[] = [];
  let inFlight = 0;
  let peak = 0;
  const server = await startServer(async (request, res) => {
    if (request.method !== 'POST' || !/^\/v1\/[\w.-]+$/.test(request.path)) return sendJson(res, 404, { error: 'Model not found' });
    if (!header(request, 'x-api-key')) return sendJson(res, 401, { error: 'Unauthorized: invalid or missing API key' });
    calledAt.push(performance.now());
    inFlight++;
    peak = Math.max(peak, inFlight);
    try {
      if (await waitOrClose(res, latencyMs)) sendBytes(res, 200, png, 'image/png');
    } finally {
      inFlight--;
    }
  });
  return {
    url: server.url,
    calledAt,
    inFlight: () => inFlight,
    peakInFlight: () => peak,
    reset: () => {
      calledAt.length = 0;
      peak = inFlight;
    },
    close: () => server.close(),
  };
}
