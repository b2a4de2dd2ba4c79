import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { selectRows } from '../../src/lib/sql.ts';

/**
 * Every stored count that does not equal the rows it counts, as `kind:id` (none when all agree): likes,
 * comments and replies of reviews, thoughts and their comments; accounts' followers, following and
 * reviews; races' review figures. A comment counts while it has an author and is not hidden; a review
 * counts in figures while it is not hidden (and, in a race's, while its author is public).
 */
export async function countsOffTheirRows(db: Db): Promise<string[]> {
  const rows = await selectRows<{ off: string }>(
    db,
    sql`
    select 'review:' || r.id as off from reviews r
    where r.like_count <> (select count(*) from review_likes l where l.review_id = r.id)
       or r.comment_count <> (select count(*) from review_comments c
                              where c.review_id = r.id and c.user_id is not null and c.hidden_at is null)
    union all
    select 'review_comment:' || c.id from review_comments c
    where c.like_count <> (select count(*) from comment_likes l where l.comment_id = c.id)
       or c.reply_count <> (select count(*) from review_comments x where x.parent_id = c.id)
    union all
    select 'thought:' || t.id from race_thoughts t
    where t.like_count <> (select count(*) from thought_likes l where l.thought_id = t.id)
       or t.comment_count <> (select count(*) from thought_comments c
                              where c.thought_id = t.id and c.user_id is not null and c.hidden_at is null)
    union all
    select 'thought_comment:' || c.id from thought_comments c
    where c.like_count <> (select count(*) from thought_comment_likes l where l.comment_id = c.id)
       or c.reply_count <> (select count(*) from thought_comments x where x.parent_id = c.id)
    union all
    select 'user:' || u.id from users u
    where u.followers_count <> (select count(*) from follows f where f.following_id = u.id and f.status = 'accepted')
       or u.following_count <> (select count(*) from follows f where f.follower_id = u.id and f.status = 'accepted')
       or u.reviews_count <> (select count(*) from reviews r where r.user_id = u.id and r.hidden_at is null)
    union all
    select 'race:' || s.race_id from race_review_stats s
    where s.review_count <> (select count(*) from reviews r join users a on a.id = r.user_id
                             where r.race_id = s.race_id and r.hidden_at is null and not a.is_private)`,
  );
  return rows.map((r) => r.off);
}
