import { sql } from 'drizzle-orm';
import path from 'node:path';
import sharp from 'sharp';
import { queryRows, type Database } from '#server/db/client.ts';
import { renderThumbnail } from '#server/lib/images.ts';
import { ensureVerifiedUser } from '#server/modules/auth/users.ts';
import { encodeCursor } from '#server/lib/keyset-cursor.ts';
import { createLocalStorage } from '#server/providers/storage/local-storage.ts';

export interface KlipSeed {
  klips: number;
  users: number;
  /** Share of klips that are public, e.g. 0.9. */
  publicShare: number;
}

export interface SeededCollection {
  viewer: { id: string; email: string; password: string };
  /** The cursor of the collection's (latest) page `page`, built from the row before it (keyset-cursor.ts). */
  cursorOfPage: number;
  cursor: string;
  /** Bytes of each real thumbnail written for the first page. */
  thumbnailBytes: number[];
}

const PRODUCTS = [
  'glass perfume bottle',
  'leather handbag',
  'ceramic mug',
  'running shoe',
  'wrist watch',
  'lipstick',
  'headphones',
  'candle',
  'sunglasses',
  'skincare serum',
];
const SCENES = [
  'on wet stone',
  'on a marble table',
  'in soft morning light',
  'on a beach at dusk',
  'in a studio with a pastel backdrop',
  'among green leaves',
  'on a wooden shelf',
  'floating in water',
];
const TAGS = Array.from({ length: 40 }, (_, i) => `tag-${i}`);
export const RARE_TAG = 'rare-find';
export const RARE_TAGGED = 6;

/**
 * The collection the bench measures, in a few set-based statements (generate_series): users with
 * profiles, klips (public at `publicShare`, one in twenty a video after the newest 200), three
 * attributes and one to three of 40 tags each, votes from other users with counters and rating
 * scores computed from them, and a signed-in viewer who voted on a third of the newest klips.
 * Keys follow the generation's naming (`klips/{user}/{generation job}.png`).
 */
export async function seedKlipCollection(
  database: Database,
  seed: KlipSeed,
  options: { page: number; storageRoot: string; pageSize: number },
): Promise<SeededCollection> {
  const { db } = database;
  const privateEvery = Math.round(1 / (1 - seed.publicShare));
  await db.execute(sql`insert into users (id, name, email, email_verified)
    select 'bench-user-' || i, 'Creator ' || i, 'creator-' || i || '@bench.example', true from generate_series(1, ${seed.users}) i`);
  await db.execute(sql`insert into user_profiles (user_id, display_name) select id, name from users where id like 'bench-user-%'`);
  // Each klip goes to its maker's personal workspace (made with the user by the trigger of migration 0005).
  await db.execute(sql`insert into klips (workspace_id, user_id, klip_type, media_key, thumbnail_key, poster_key, mime_type, width, height, prompt,
      model_name, source, is_public, generation_job_id, created_at)
    select w.id, s.uid, s.kind,
      'klips/' || s.uid || '/' || s.job || case s.kind when 'video' then '.mp4' else '.png' end,
      'klips/' || s.uid || '/' || s.job || '-thumb.webp',
      case s.kind when 'video' then 'klips/' || s.uid || '/' || s.job || '-poster.webp' end,
      case s.kind when 'video' then 'video/mp4' else 'image/png' end, 1024, 1024,
      'a ' || (string_to_array(${PRODUCTS.join('|')}, '|'))[1 + s.i % ${PRODUCTS.length}] || ' ' || (string_to_array(${SCENES.join('|')}, '|'))[1 + (s.i / ${PRODUCTS.length}) % ${SCENES.length}] || ', shot ' || s.i,
      'Flux 1.1 Pro Ultra', 'local', s.i % ${privateEvery} <> 0, s.job,
      now() - make_interval(secs => s.i * 37)
    from (select i, gen_random_uuid() as job, 'bench-user-' || (1 + i % ${seed.users}) as uid,
      case when i > 200 and i % 20 = 0 then 'video' else 'image' end as kind
      from generate_series(1, ${seed.klips}) i) s
    join workspaces w on w.personal_of = s.uid`);
  await db.execute(sql`insert into klip_attributes (klip_id, name, value)
    select k.id, a.name, a.value from klips k
    cross join lateral (values ('aspect_ratio', '1:1'), ('model', 'flux-1.1-pro-ultra'), ('seed', ((hashtext(k.id::text) & 1073741823) % 1000000)::text)) a(name, value)`);
  await db.execute(
    sql`insert into tags (name) select unnest(string_to_array(${TAGS.join('|')}, '|')) on conflict (lower(name)) do nothing`,
  );
  // h: 30 bits of the id's hash, so that h + small numbers stay an int4 (abs(hashtext) overflowed now and then).
  await db.execute(sql`insert into klip_tags (klip_id, tag_id)
    select distinct k.id, t.id from (select id, (hashtext(id::text) & 1073741823) as h from klips) k
    cross join lateral (values (k.h % 40), ((k.h / 40) % 40), (case when k.h % 3 = 0 then (k.h / 1600) % 40 end)) n(i)
    join tags t on t.name = 'tag-' || n.i`);
  // A rare tag on the six oldest public klips: the filter must not read the collection to find them.
  await db.execute(sql`insert into tags (name) values (${RARE_TAG}) on conflict (lower(name)) do nothing`);
  await db.execute(sql`insert into klip_tags (klip_id, tag_id)
    select k.id, (select id from tags where name = ${RARE_TAG}) from klips k where k.is_public order by k.created_at, k.id limit ${RARE_TAGGED}`);
  // Votes from other users on a quarter of the klips, one to four each, half of them recent.
  await db.execute(sql`insert into klip_votes (klip_id, user_id, vote_type, created_at, updated_at)
    select k.id, 'bench-user-' || (1 + (k.h + j * 977) % ${seed.users}),
      (array['archived', 'one_star', 'two_stars', 'heart'])[1 + (k.h + j) % 4],
      now() - make_interval(days => (k.h + j) % 14), now() - make_interval(days => (k.h + j) % 14)
    from (select id, (hashtext(id::text) & 1073741823) as h from klips) k
    cross join generate_series(1, 4) j
    where k.h % 4 = 0 and j <= 1 + k.h % 4
    on conflict do nothing`);

  const viewer = { email: 'viewer@bench.example', password: 'bench viewer password' };
  const user = await ensureVerifiedUser(db, viewer.email, viewer.password);
  await db.execute(sql`insert into user_profiles (user_id, display_name) values (${user.id}, 'Bench viewer') on conflict do nothing`);
  await db.execute(sql`insert into klip_votes (klip_id, user_id, vote_type)
    select id, ${user.id}, 'heart' from (select id, row_number() over (order by created_at desc) as n from klips where is_public order by created_at desc limit 3000) k
    where n % 3 = 0`);
  await db.execute(sql`update klips k set archived_count = c.archived, one_star_count = c.one_star, two_stars_count = c.two_stars,
      heart_count = c.heart, rating_score = c.one_star + 2 * c.two_stars + 3 * c.heart
    from (select klip_id, count(*) filter (where vote_type = 'archived')::int as archived,
        count(*) filter (where vote_type = 'one_star')::int as one_star, count(*) filter (where vote_type = 'two_stars')::int as two_stars,
        count(*) filter (where vote_type = 'heart')::int as heart
      from klip_votes group by klip_id) c
    where k.id = c.klip_id`);
  await db.execute(sql`analyze`);

  const [before] = await queryRows<{ created: string; id: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created, id from klips where is_public
      order by created_at desc, id desc offset ${(options.page - 1) * options.pageSize - 1} limit 1`,
  );
  if (!before) throw new Error(`the seed has fewer than ${options.page} pages of public klips`);

  // Real files for the first page (what the browser loads), from a photo-like 1024 px picture.
  const storage = createLocalStorage(options.storageRoot, { signingKey: Buffer.alloc(32), signedUrlSeconds: 900 });
  const firstPage = await queryRows<{ key: string; mediaKey: string }>(
    db,
    sql`select thumbnail_key as key, media_key as "mediaKey" from klips where is_public order by created_at desc, id desc limit ${options.pageSize}`,
  );
  const thumbnailBytes: number[] = [];
  for (const [i, { key, mediaKey }] of firstPage.entries()) {
    const original = await photoLike(i);
    // The original too: pages show sized copies made from it (modules/klips/renditions.ts).
    await storage.put(mediaKey, original, { contentType: 'image/png', visibility: 'public' });
    const thumbnail = (await renderThumbnail(original)).data;
    await storage.put(key, thumbnail, { contentType: 'image/webp', visibility: 'public' });
    thumbnailBytes.push(thumbnail.length);
  }
  return {
    viewer: { id: user.id, ...viewer },
    cursorOfPage: options.page,
    cursor: encodeCursor('latest', [before.created, before.id]),
    thumbnailBytes,
  };
}

/** Soft shapes and grain, about as hard to compress as a product photo. */
async function photoLike(seed: number): Promise<Buffer> {
  const size = 1024;
  const hue = (seed * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><radialGradient id="g" cx="40%" cy="35%" r="75%"><stop offset="0" stop-color="hsl(${hue},60%,80%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,25%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="512" cy="560" rx="220" ry="320" fill="hsl(${(hue + 180) % 360},45%,55%)" opacity="0.85"/>
    <rect x="430" y="180" width="164" height="120" rx="24" fill="hsl(${(hue + 200) % 360},30%,30%)"/>
  </svg>`;
  const grain = await sharp({
    create: { width: size, height: size, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 28 } },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'overlay' }])
    .png()
    .toBuffer();
}

export const benchStorageRoot = (dataDir: string) => path.join(dataDir, 'storage');
