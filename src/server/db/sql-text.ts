import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp as the API and keyset cursors carry it: UTC, ISO 8601, microseconds
 * (src/server/lib/keyset-cursor.ts reads it back with ::timestamptz). A JS Date would drop the
 * microseconds and make rows with the same millisecond skip or repeat across pages.
 */
export const keysetTimestamp = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An ILIKE pattern matching text that contains `value`, its `%`, `_` and `\` taken literally. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
