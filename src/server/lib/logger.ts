import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import type { Config } from '../config.ts';

export type Logger = FastifyBaseLogger;

/** Structured JSON logs; secrets and cookies never reach them. */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'klipt' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[redacted]',
    },
  });
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
