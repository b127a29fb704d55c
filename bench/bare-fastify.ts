import Fastify from 'fastify';

// The baseline for the throughput ratio: Fastify with one route and nothing else.
const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.argv[2] ?? 3999), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
