import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openEmbeddedDatabase } from '#server/db/client.ts';

// The baseline that does a collections page's own work and nothing of Klipt's: Fastify with one
// route that runs the page's SQL (the list query's statement, as text) and answers the rows as
// JSON, on a pool of the same size as Klipt's (PostgreSQL) or on the seeded embedded database with
// Klipt's memory settings (PGlite: then Klipt must not have it open). No session, no access rules,
// no validation, no security headers. Usage: node bench/bare-page.ts <port> <statement.json>.
const [port, statementFile] = process.argv.slice(2);
const { connectionString, dataDir, text, values } = JSON.parse(readFileSync(statementFile!, 'utf8')) as {
  connectionString?: string;
  dataDir?: string;
  text: string;
  values: unknown[];
};
let query: () => Promise<unknown[]>;
let close: () => Promise<void>;
if (connectionString) {
  const pool = new pg.Pool({ connectionString, max: 10 });
  query = async () => (await pool.query({ text, values })).rows;
  close = () => pool.end();
} else {
  const database = await openEmbeddedDatabase({ dataDir: dataDir! });
  query = async () => (await database.pglite!.query(text, values)).rows;
  close = () => database.close();
}
const app = Fastify({ logger: false });
app.get('/page', async () => ({ klips: await query() }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(async () => close().then(() => process.exit(0))));
