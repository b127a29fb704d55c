import { klipMessages, type CollectionSort } from '#contracts/klips.ts';
import { AppError } from './app-error.ts';

/**
 * Keyset cursors: the sort and the last row's sort-key values, as text PostgreSQL produced (full
 * precision: microseconds, exact integers), wrapped in base64url. A JS Date would drop the
 * microseconds and make rows with the same millisecond skip or repeat.
 */
type KeyKind = 'timestamp' | 'int' | 'uuid' | 'userId' | 'text';

/** What a cursor pages through: a collection sort of klips, a user's credit ledger, or God Mode's users and waitlist. */
export type CursorSort =
  | CollectionSort
  | 'ledger'
  | 'users'
  | 'waitlist-score'
  | 'waitlist-newest'
  | 'batches'
  | 'batch-items'
  | 'workspaces'
  | 'webhook-deliveries'
  | 'store-products';

/** The keys of each sort, in order (the list query's ORDER BY). */
export const cursorKeys = {
  ledger: ['timestamp', 'uuid'],
  latest: ['timestamp', 'uuid'],
  top: ['int', 'timestamp', 'uuid'],
  // Bucket (0: hearts in the window, 1: the rest), hearts, created_at, id.
  trending: ['int', 'int', 'timestamp', 'uuid'],
  users: ['timestamp', 'userId'],
  'waitlist-score': ['int', 'timestamp', 'uuid'],
  'waitlist-newest': ['timestamp', 'uuid'],
  batches: ['timestamp', 'uuid'],
  'batch-items': ['int'],
  workspaces: ['timestamp', 'uuid'],
  'webhook-deliveries': ['timestamp', 'uuid'],
  // A store product's title, then its id.
  'store-products': ['text', 'uuid'],
} as const satisfies Record<CursorSort, readonly KeyKind[]>;

const keyPatterns: Record<KeyKind, RegExp> = {
  // keysetTimestamp (src/server/db/sql-text.ts)
  timestamp: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
  int: /^-?\d{1,10}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  // better-auth's ids (userIdField in src/contracts/admin-klips.ts).
  userId: /^[A-Za-z0-9_-]{1,64}$/,
  // A product title as stored (Shopify allows 255 characters).
  // oxlint-disable-next-line no-control-regex -- NUL is what a stored text cannot hold
  text: /^[^\u0000]{0,1000}$/,
};

/**
 * A page of `size` out of the `size + 1` rows a keyset query read, and the cursor after its last row
 * when the extra row says more follow.
 */
export function cutPage<Row>(
  rows: readonly Row[],
  size: number,
  sort: CursorSort,
  keysOf: (last: Row) => readonly string[],
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last !== undefined ? encodeCursor(sort, keysOf(last)) : null };
}

export function encodeCursor(sort: CursorSort, keys: readonly string[]): string {
  return Buffer.from(JSON.stringify({ s: sort, k: keys }), 'utf8').toString('base64url');
}

/** The keys of a cursor made for `sort`; anything else (garbage, another sort, a forged value) is a 400. */
export function decodeCursor(cursor: string, sort: CursorSort): string[] {
  const invalid = new AppError('VALIDATION_FAILED', klipMessages.cursorInvalid);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid;
  }
  if (typeof parsed !== 'object' || parsed === null) throw invalid;
  const { s, k } = parsed as { s?: unknown; k?: unknown };
  const kinds: readonly KeyKind[] = cursorKeys[sort];
  if (s !== sort || !Array.isArray(k) || k.length !== kinds.length) throw invalid;
  return kinds.map((kind, i) => {
    const value: unknown = k[i];
    if (typeof value !== 'string' || !keyPatterns[kind].test(value)) throw invalid;
    return value;
  });
}
