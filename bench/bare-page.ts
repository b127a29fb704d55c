import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import pg from 'pg';

// The baseline that does a collections page's own work and nothing of Klipt's: Fastify with one
// route that runs the page's SQL (the list query's statement, as text) on a pool of the same size
// as Klipt's and answers the rows as JSON. No session, no access rules, no validation, no
// security headers. Usage: node bench/bare-page.ts <port> <statement.json>.
const [port, statementFile] = process.argv.slice(2);
const { connectionString, text, values } = JSON.parse(readFileSync(statementFile!, 'utf8')) as {
  connectionString: string;
  text: string;
  values: unknown[];
};
const pool = new pg.Pool({ connectionString, max: 10 });
const app = Fastify({ logger: false });
app.get('/page', async () => ({ klips: (await pool.query({ text, values })).rows }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(async () => pool.end().then(() => process.exit(0))));
