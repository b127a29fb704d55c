import { sql, type SQL } from 'drizzle-orm';

/** `('a', 'b')` as literal SQL for check constraints (which cannot take parameters); only letters, digits, `_` and `-` pass. */
export function inList(values: readonly string[]): SQL {
  for (const v of values) {
    if (!/^[a-z0-9_-]+$/.test(v)) throw new Error(`unsafe enum value in check constraint: ${v}`);
  }
  return sql.raw(`(${values.map((v) => `'${v}'`).join(', ')})`);
}
