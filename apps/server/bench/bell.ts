/*
 * The bell scenario of `npm run bench`: BENCH_BELL_CLIENTS (default 1,000) members, each with their own
 * notification stream open (GET /api/social/notifications/stream/), while other members like their reviews,
 * one like every BENCH_BELL_INTERVAL_MS (default 50) for 2 × BENCH_SECONDS. For every like it measures the
 * delay from the moment the POST was answered to the moment the notification reached its author's stream
 * (one that arrives before the answer counts as 0), counts the notifications that never arrived, and those
 * that reached anyone else's stream.
 *
 * Each like is a (liker, review) pair that would tell the author: the liker has not liked the review, no
 * such notification is pending, no block or mute stands between them, and the review is seen by the liker
 * (public authors). The likes are taken back through the API afterwards, and their notifications deleted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { selectRows } from '../src/lib/sql.ts';
import { openSseClient } from './live.ts';
import { median, percentile } from './load.ts';

export const BELL_CLIENTS = Number(process.env.BENCH_BELL_CLIENTS ?? 1000);
export const BELL_INTERVAL_MS = Number(process.env.BENCH_BELL_INTERVAL_MS ?? 50);

export interface BellPair {
  reviewId: number;
  authorId: number;
  likerId: number;
}

/** One pair per author, for BELL_CLIENTS public authors, each with a liker among `likerIds`. */
export async function planBell(db: Db, likerIds: number[]): Promise<BellPair[]> {
  const likers = sql`(select unnest(${`{${likerIds.join(',')}}`}::int[]) as id)`;
  const rows = await selectRows<{ review_id: number; author_id: number; liker_id: number }>(
    db,
    sql`select distinct on (r.user_id) r.id as review_id, r.user_id as author_id, l.id as liker_id
        from reviews r
        join users a on a.id = r.user_id and not a.is_private
        cross join ${likers} l
        where r.hidden_at is null and l.id <> r.user_id
          and not exists (select 1 from review_likes k where k.review_id = r.id and k.user_id = l.id)
          and not exists (select 1 from notifications n where n.recipient_id = r.user_id
                            and n.type = 'REVIEW_LIKED' and n.sender_id = l.id and n.target_id = r.id)
          and not exists (select 1 from blocks b where (b.blocker_id = l.id and b.blocked_id = r.user_id)
                            or (b.blocker_id = r.user_id and b.blocked_id = l.id))
          and not exists (select 1 from mutes m where m.muter_id = r.user_id and m.muted_id = l.id)
        order by r.user_id, r.id, l.id
        limit ${BELL_CLIENTS}`,
  );
  return rows.map((r) => ({ reviewId: r.review_id, authorId: r.author_id, likerId: r.liker_id }));
}

/** Deletes the notifications the bell's likes left (the likes themselves were taken back). */
export async function forgetBell(db: Db, pairs: BellPair[]): Promise<void> {
  const ids = (pick: (p: BellPair) => number) => `{${pairs.map(pick).join(',')}}`;
  await db.execute(sql`
    delete from notifications n
    using (select unnest(${ids((p) => p.authorId)}::int[]) as recipient_id,
                  unnest(${ids((p) => p.likerId)}::int[]) as sender_id,
                  unnest(${ids((p) => p.reviewId)}::int[]) as target_id) p
    where n.recipient_id = p.recipient_id and n.sender_id = p.sender_id and n.target_id = p.target_id
      and n.type = 'REVIEW_LIKED'`);
}

export interface BellResult {
  clients: number;
  connected: number;
  likes: number;
  likeFailures: number;
  deliveries: number;
  missing: number;
  misdelivered: number;
  p50: number;
  p99: number;
  max: number;
  likeP50: number;
  likeP99: number;
  connectSeconds: number;
}

async function toggleLike(base: string, token: string, reviewId: number): Promise<Response> {
  return fetch(`${base}/api/core/review-likes/toggle/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ review_id: reviewId }),
  });
}

/** Connects every author's stream, likes their reviews in turn, measures every delivery, takes the likes back. */
export async function measureBell(
  base: string,
  pairs: BellPair[],
  tokens: Map<number, string>,
  seconds: number,
  log: (m: string) => void,
): Promise<BellResult> {
  const connectStarted = performance.now();
  /** author id → review id → arrival time */
  const arrivals = new Map<number, Map<number, number>>();
  let misdelivered = 0;
  let connected = 0;
  let failed = 0;
  const requests = await new Promise<ReturnType<typeof openSseClient>[]>((resolve) => {
    const opened: ReturnType<typeof openSseClient>[] = [];
    const settle = () => {
      if (connected + failed === pairs.length) resolve(opened);
    };
    for (const pair of pairs) {
      const mine = new Map<number, number>();
      arrivals.set(pair.authorId, mine);
      opened.push(
        openSseClient(
          `${base}/api/social/notifications/stream/`,
          { authorization: `Bearer ${tokens.get(pair.authorId)!}` },
          {
            onOpen: () => {
              connected += 1;
              settle();
            },
            onFail: () => {
              failed += 1;
              settle();
            },
            onMessage: (event, data, at) => {
              if (event !== 'notification') return;
              const reviewId = (data as { notification: { related_review_id: number | null } }).notification
                .related_review_id;
              if (reviewId === pair.reviewId) mine.set(reviewId, at);
              else misdelivered += 1;
            },
          },
        ),
      );
    }
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  log(`bell: ${connected} of ${pairs.length} streams connected in ${connectSeconds.toFixed(1)} s`);

  const total = Math.min(pairs.length, Math.max(1, Math.round((seconds * 1000) / BELL_INTERVAL_MS)));
  const answered = new Map<BellPair, number>();
  const likeLatencies: number[] = [];
  let likeFailures = 0;
  const likes: Promise<void>[] = [];
  for (const pair of pairs.slice(0, total)) {
    const sent = performance.now();
    likes.push(
      toggleLike(base, tokens.get(pair.likerId)!, pair.reviewId).then(
        async (res) => {
          const at = performance.now();
          const body = (await res.json()) as { liked?: boolean };
          if (res.status !== 200 || body.liked !== true) {
            likeFailures += 1;
            if (likeFailures <= 3) log(`bell: a like answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
            return;
          }
          answered.set(pair, at);
          likeLatencies.push(at - sent);
        },
        () => {
          likeFailures += 1;
        },
      ),
    );
    await new Promise((r) => setTimeout(r, BELL_INTERVAL_MS));
  }
  await Promise.all(likes);
  // Stragglers: up to 5 s more for the last notifications.
  const deadline = performance.now() + 5000;
  const arrived = (p: BellPair) => arrivals.get(p.authorId)!.has(p.reviewId);
  while (performance.now() < deadline && [...answered.keys()].some((p) => !arrived(p))) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const r of requests) r.destroy();

  const delays: number[] = [];
  let missing = 0;
  for (const [pair, at] of answered) {
    const arrival = arrivals.get(pair.authorId)!.get(pair.reviewId);
    if (arrival === undefined) missing += 1;
    else delays.push(Math.max(0, arrival - at));
  }
  // The likes are taken back, a few at a time.
  const liked = [...answered.keys()];
  for (let i = 0; i < liked.length; i += 20) {
    await Promise.all(liked.slice(i, i + 20).map((p) => toggleLike(base, tokens.get(p.likerId)!, p.reviewId)));
  }
  delays.sort((x, y) => x - y);
  likeLatencies.sort((x, y) => x - y);
  return {
    clients: pairs.length,
    connected,
    likes: answered.size,
    likeFailures,
    deliveries: delays.length,
    missing,
    misdelivered,
    p50: median(delays),
    p99: percentile(delays, 99),
    max: delays.at(-1) ?? 0,
    likeP50: median(likeLatencies),
    likeP99: percentile(likeLatencies, 99),
    connectSeconds,
  };
}

export function printBell(kind: string, r: BellResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `\nThe bell (${kind}): ${r.connected}/${r.clients} notification streams, ${r.likes} likes ` +
      `(one every ${BELL_INTERVAL_MS} ms, ${r.likeFailures} failed), ${r.deliveries} delivered, ${r.missing} missing, ` +
      `${r.misdelivered} to the wrong stream\n` +
      `  delay from the like's answer to its author's stream: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}\n` +
      `  POST /api/core/review-likes/toggle/ answered in p50 ${ms(r.likeP50)}, p99 ${ms(r.likeP99)}; ` +
      `streams connected in ${r.connectSeconds.toFixed(1)} s`,
  );
  const verdict = (ok: boolean, text: string) => `${ok ? 'met    ' : 'MISSED '} ${text}`;
  return [
    verdict(r.p99 <= 1000, `bell: delivery p99 ${ms(r.p99)} ≤ 1 s at ${r.clients} streams`),
    verdict(
      r.missing === 0 && r.misdelivered === 0 && r.connected === r.clients && r.likeFailures === 0,
      `bell: no notification missed or misdelivered (${r.missing} missing, ${r.misdelivered} misdelivered, ` +
        `${r.clients - r.connected} not connected)`,
    ),
  ];
}
