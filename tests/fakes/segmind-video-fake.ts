/**
 * A local stand-in for Segmind's asynchronous video-effects API (docs/providers.md#segmind-video-effects):
 * `POST /v2/video-effects` → `{request_id, status_url, response_url}`; `GET /v2/requests/{id}/status`
 * walks QUEUED → PROCESSING → COMPLETED (or FAILED with 422); `GET /v2/requests/{id}` → `{status,
 * output}`; the output URL serves a real MP4 made once with the npm ffmpeg. Records every request;
 * a test scripts the next submit answer and how the request ends.
 */
import { testPatternMp4 } from '#test-support/videos.ts';
import { sendBytes, sendJson, startServer, type RecordedRequest } from './fake-server.ts';

export type SubmitAnswer = { kind: 'accept' } | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> };
export type Outcome =
  | { kind: 'complete'; pollsBefore?: number }
  | { kind: 'fail'; error: string; pollsBefore?: number }
  | { kind: 'never' }
  | { kind: 'not-video' };

export interface SegmindVideoFake {
  url: string;
  apiKey: string;
  /** The MP4 the output URL serves. */
  video: Buffer;
  requests: RecordedRequest[];
  /** Answers for the next submits, in order; then every submit is accepted. */
  submits: SubmitAnswer[];
  /** How the next accepted requests end, in order; then they complete after two polls. */
  outcomes: Outcome[];
  close(): Promise<void>;
}

export async function startSegmindVideoFake(): Promise<SegmindVideoFake> {
  const video = await testPatternMp4();
  const requests: RecordedRequest[] = [];
  const jobs = new Map<string, { outcome: Outcome; polls: number }>();
  let next = 0;
  const fake = {
    apiKey: 'segmind-video-test-key',
    video,
    requests,
    submits: [] as SubmitAnswer[],
    outcomes: [] as Outcome[],
  };
  const server = await startServer((req, res) => {
    requests.push(req);
    const base = `http://${req.headers.host}`;
    if (req.path === '/outputs/video.mp4') return sendBytes(res, 200, video, 'video/mp4');
    if (req.path === '/outputs/page.html') return sendBytes(res, 200, Buffer.from('<html>nope</html>'), 'text/html');
    if (req.headers['x-api-key'] !== fake.apiKey) return sendJson(res, 401, { error: 'Invalid API key' });
    if (req.method === 'POST' && req.path === '/v2/video-effects') {
      const answer = fake.submits.shift() ?? { kind: 'accept' };
      if (answer.kind === 'error')
        return sendJson(res, answer.status, answer.body ?? { error: `fake error ${answer.status}` }, answer.headers);
      const id = `req-${++next}`;
      jobs.set(id, { outcome: fake.outcomes.shift() ?? { kind: 'complete' }, polls: 0 });
      return sendJson(res, 200, {
        request_id: id,
        status_url: `${base}/v2/requests/${id}/status`,
        response_url: `${base}/v2/requests/${id}`,
      });
    }
    const match = /^\/v2\/requests\/([\w-]+)(\/status)?$/.exec(req.path);
    const job = match ? jobs.get(match[1]!) : undefined;
    if (!match || !job) return sendJson(res, 404, { error: 'Not found' });
    if (match[2]) {
      job.polls++;
      const { outcome } = job;
      const before = outcome.kind === 'complete' || outcome.kind === 'fail' ? (outcome.pollsBefore ?? 2) : 2;
      if (outcome.kind === 'never' || job.polls <= before) return sendJson(res, 200, { status: job.polls === 1 ? 'QUEUED' : 'PROCESSING' });
      if (outcome.kind === 'fail') return sendJson(res, 422, { status: 'FAILED', error: outcome.error });
      return sendJson(res, 200, { status: 'COMPLETED' });
    }
    // The output lives on another host (a CDN at Segmind): here `localhost` instead of 127.0.0.1.
    const cdn = base.replace('127.0.0.1', 'localhost');
    const output = job.outcome.kind === 'not-video' ? `${cdn}/outputs/page.html` : `${cdn}/outputs/video.mp4`;
    return sendJson(res, 200, { status: 'COMPLETED', output, metrics: { inference_time: 126.3 } });
  });
  return Object.assign(fake, { url: server.url, close: () => server.close() });
}
