import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * scripts/check-table-owners.mjs (part of `npm run lint`): a module names only its own tables
 * (decision 006). The script is plain JavaScript, so its shape is declared here.
 */

interface Problem {
  file: string;
  line: number;
  module: string;
  table: string | null;
  owner: string;
  message: string;
}
interface Schema {
  tables: Map<string, { owner: string; constant: string }>;
}
interface TableOwnersCheck {
  readSchema(files: Record<string, string>): Schema;
  checkModuleFile(file: string, text: string, schema: Schema): Problem[];
  checkRepository(root: string): { schema: Schema; problems: Problem[] };
}

const root = path.resolve(import.meta.dirname, '../../../..');
const check = (await import(pathToFileURL(path.join(root, 'scripts/check-table-owners.mjs')).href)) as TableOwnersCheck;

const schema = check.readSchema({
  index: `export * from './users.ts';\nexport * from './follows.ts';\nexport * from './reviews.ts';`,
  users: `export const users = pgTable('users', { id: integer('id') });`,
  follows: `import { users } from './users.ts';
export const follows = pgTable('follows', { followerId: integer('follower_id').references(() => users.id) });`,
  reviews: `export const reviews = pgTable(
  'reviews',
  { id: integer('id') },
);
export const feedEntries = pgTable('feed_entries', { reviewId: integer('review_id') });
export type ReviewKind = 'race';`,
  'review-likes': `export const reviewLikes = pgTable('review_likes', { reviewId: integer('review_id') });`,
});

const REVIEWS = 'apps/server/src/modules/reviews/queries.ts';
const messages = (file: string, text: string) => check.checkModuleFile(file, text, schema).map((p) => p.message);

describe('check-table-owners', () => {
  it("reads each table's owner from its schema file: the SQL name and the constant", () => {
    expect(Object.fromEntries([...schema.tables].map(([name, t]) => [name, `${t.owner}.${t.constant}`]))).toEqual({
      users: 'users.users',
      follows: 'follows.follows',
      reviews: 'reviews.reviews',
      feed_entries: 'reviews.feedEntries',
      review_likes: 'review-likes.reviewLikes',
    });
  });

  it("fails an import of another module's table, naming the file, line and table", () => {
    const text = `import { sql } from 'drizzle-orm';
import { follows } from '../../db/schema/follows.ts';
import { reviews } from '../../db/schema/reviews.ts';`;
    expect(messages(REVIEWS, text)).toEqual([
      `${REVIEWS}:2: modules/reviews names the table "follows" of modules/follows`,
    ]);
  });

  it('fails an import through the schema barrel, even of its own tables', () => {
    const text = `import { feedEntries, reviews, users, type ReviewKind } from '../../db/schema/index.ts';
import * as schema from '../../db/schema';`;
    const found = messages(REVIEWS, text);
    expect(found).toContain(`${REVIEWS}:1: modules/reviews names the table "users" of modules/users`);
    expect(found).toContain(
      `${REVIEWS}:1: modules/reviews imports the table "reviews" through the schema barrel: import it from db/schema/reviews.ts`,
    );
    expect(found).toContain(
      `${REVIEWS}:1: modules/reviews imports "ReviewKind" through the schema barrel: import it from db/schema/reviews.ts`,
    );
    expect(found).toContain(`${REVIEWS}:2: modules/reviews names the table "follows" of modules/follows`);
  });

  it("fails SQL text naming another module's table, at the line that names it", () => {
    const text = `import { sql } from 'drizzle-orm';
export const a = sql\`select r.id from reviews r
  join users u on u.id = r.user_id\`;
export const b = (id: number) => sql\`select 1 where exists (
  select 1 from "follows" f where f.following_id = \${id} and \${sql\`true\`})\`;
export const c = sql\`update users set review_count = 0\`;
export const d = sql\`insert into public.review_likes (review_id) values (1)\`;
export const e = sql\`delete from feed_entries fe using users x where x.id = fe.user_id\`;
export const f = sql.raw('DELETE FROM follows');
export const g = (viewer: number) => likedBy('review_likes', 'review_id', viewer, sql\`r.id\`);
export const h = sql\`users\`;
export const i = (db: Db) => selectRows(db, sql\`select 1\n\nfrom follows\`);`;
    expect(messages(REVIEWS, text)).toEqual([
      `${REVIEWS}:3: modules/reviews names the table "users" of modules/users`,
      `${REVIEWS}:5: modules/reviews names the table "follows" of modules/follows`,
      `${REVIEWS}:6: modules/reviews names the table "users" of modules/users`,
      `${REVIEWS}:7: modules/reviews names the table "review_likes" of modules/review-likes`,
      `${REVIEWS}:8: modules/reviews names the table "users" of modules/users`,
      `${REVIEWS}:9: modules/reviews names the table "follows" of modules/follows`,
      `${REVIEWS}:10: modules/reviews names the table "review_likes" of modules/review-likes`,
      `${REVIEWS}:11: modules/reviews names the table "users" of modules/users`,
      `${REVIEWS}:14: modules/reviews names the table "follows" of modules/follows`,
    ]);
  });

  it('passes a module naming its own tables and joining through published fragments', () => {
    const text = `import { sql } from 'drizzle-orm';
import { feedEntries, reviews } from '../../db/schema/reviews.ts';
import { acceptedFollowerIds } from '../follows/visibility.ts';
import { joinUser, userRefJson } from '../users/sql.ts';
export const cards = sql\`select r.id, \${userRefJson('u')} from reviews r \${joinUser('u', sql\`r.user_id\`)}\`;
export const fanOut = (id: number) => sql\`insert into feed_entries (user_id, review_id)
  select follower_id, \${id}::int from \${acceptedFollowerIds(id)} f(follower_id)\`;
export const drop = sql\`delete from feed_entries fe using reviews r where r.id = fe.review_id\`;
export const rows = [reviews, feedEntries];`;
    expect(messages(REVIEWS, text)).toEqual([]);
  });

  it('does not mistake ordinary words, column qualifiers, comments or messages for tables', () => {
    const text = `import { sql } from 'drizzle-orm';
// Reads nothing from users: follows/visibility.ts does.
/* join users here? no. */
export const when = sql\`(extract(epoch from users.created_at) * 1000)::float8\`;
export const keys = sql\`select 1 from reviews r join feed_entries fe using (review_id)\`;
export const upsert = sql\`insert into feed_entries (user_id) values (1) on conflict do update set user_id = 1 for update of fe\`;
export const words = sql\`substring(text from 2), trim(leading ' ' from name), is distinct from 'x'\`;
export const notATable = sql\`select 1 from users_archive join followsx on true\`;
export const message = 'Could not read from users';
throw new Error(\`nothing to join users into: \${message}\`);`;
    expect(messages(REVIEWS, text)).toEqual([]);
  });

  it('checks only module files, and lets search read what it indexes (decision 004)', () => {
    const leak = `import { users } from '../../db/schema/index.ts';\nconst q = sql\`select 1 from follows\`;`;
    expect(messages('apps/server/src/demo/seed.ts', leak)).toEqual([]);
    expect(messages('apps/server/src/modules/index.ts', leak)).toEqual([]);
    expect(messages('apps/server/src/modules/search/queries.ts', 'const q = sql`select 1 from users`;')).toEqual([]);
    expect(messages('apps/server/src/modules/search/queries.ts', 'const q = sql`select 1 from follows`;')).toEqual([
      'apps/server/src/modules/search/queries.ts:1: modules/search names the table "follows" of modules/follows',
    ]);
  });

  it('finds every module of the repository naming only its own tables', () => {
    const { schema: real, problems } = check.checkRepository(root);
    expect(real.tables.get('follows')?.owner).toBe('follows');
    expect(real.tables.get('race_review_stats')?.owner).toBe('reviews');
    // Review comments and their likes belong to the modules named for them (thoughts keep their own).
    expect(real.tables.get('review_comments')?.owner).toBe('review-comments');
    expect(real.tables.get('review_likes')?.owner).toBe('review-likes');
    expect(real.tables.get('comment_likes')?.owner).toBe('review-likes');
    expect(problems.map((p) => p.message)).toEqual([]);
  });
});
