import type { FastifyBaseLogger } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import type { Config } from '../config.ts';

export type Logger = FastifyBaseLogger;

const REDACTED = '[redacted]';
/** Shorter values are not searched for in messages (they would mangle the text and identify no one). */
const MIN_REDACTED_LENGTH = 3;

interface QueryValues {
  /** Each parameter list as Drizzle writes it into its message ("params: a,b"). */
  lists: string[];
  /** Each parameter worth searching for, longest first (a value containing another goes whole). */
  values: string[];
}

/** The values bound to a failed query anywhere in an error's cause chain (Drizzle's DrizzleQueryError, PGlite's and pg's errors). */
function queryValues(err: object): QueryValues {
  const found: QueryValues = { lists: [], values: [] };
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      found.lists.push(String(params));
      for (const value of params) {
        const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : undefined;
        if (text !== undefined && text.length >= MIN_REDACTED_LENGTH) found.values.push(text);
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  found.values.sort((a, b) => b.length - a.length);
  return found;
}

function sqlStateOf(err: object): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function scrub(text: string, found: QueryValues): string {
  let out = text;
  for (const list of found.lists) if (list) out = out.split(`params: ${list}`).join(`params: ${REDACTED}`);
  for (const value of found.values) out = out.split(value).join(REDACTED);
  return out;
}

/**
 * Errors as pino's standard serializer writes them (type, message and stack with their causes,
 * code, SQL text…), without the values bound to a failed query: no `params` field and no copy of
 * a value in any text (PostgreSQL quotes values in messages and `detail`). Only the error's
 * message and SQL (with its $1 placeholders) stay, so logs never hold what users typed.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const found = queryValues(err);
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  // The standard serializer keeps only the causes' messages: lift the database's SQLSTATE code.
  if (out['code'] === undefined) {
    const code = sqlStateOf(err);
    if (code) out['code'] = code;
  }
  const clean = (record: Record<string, unknown>) => {
    delete record['params'];
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string') record[key] = scrub(value, found);
      else if (value && typeof value === 'object' && !Array.isArray(value) && key !== 'raw') clean(value as Record<string, unknown>);
    }
  };
  clean(out);
  return out;
}

/** better-auth's log calls carry their errors in `args` (src/server/modules/auth/auth.ts). */
function serializeArgs(args: unknown): unknown {
  return Array.isArray(args) ? args.map(serializeError) : serializeError(args);
}

/** Structured JSON logs; secrets, cookies and the values of failed queries never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.logLevel,
    base: { service: 'klipt' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: REDACTED,
    },
    serializers: { err: serializeError, error: serializeError, args: serializeArgs },
    hooks: {
      // `logger.error(err)` makes the error's own message the line's message: use the scrubbed one.
      logMethod(this: pino.Logger, args: Parameters<pino.LogFn>, method: pino.LogFn) {
        const [first, ...rest] = args as unknown[];
        if (first instanceof Error && typeof rest[0] !== 'string') {
          const message = (serializeError(first) as { message?: string }).message ?? '';
          return method.apply(this, [{ err: first }, message, ...rest] as Parameters<pino.LogFn>);
        }
        return method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
