import type { ServiceContext } from '../lib/context.ts';
import { HttpError } from '../lib/errors.ts';
import { unusablePasswordHash } from '../modules/auth/passwords.ts';
import { createReviewComment, toggleReviewCommentLike } from '../modules/review-comments/service.ts';
import { noCommunity } from '../modules/f1/community.ts';
import { getActiveThoughts, listRaces } from '../modules/f1/service.ts';
import { acceptRequest, follow } from '../modules/follows/service.ts';
import { createReport } from '../modules/moderation/service.ts';
import { createReview, toggleReviewLike } from '../modules/reviews/service.ts';
import {
  createThought,
  createThoughtComment,
  toggleThoughtCommentLike,
  toggleThoughtLike,
} from '../modules/thoughts/service.ts';
import { createAccount, demoCommunityExists } from '../modules/users/service.ts';
import { addWatchlistRace, createWatchlist } from '../modules/watchlists/service.ts';

/*
 * The demo community: a handful of clearly marked accounts that give every screen content on a fresh
 * start. It sits above the modules and goes through their services, so it follows the same rules
 * (counters, requests to private accounts, events) as real members.
 */

interface DemoUser {
  username: string;
  name: string;
  bio: string;
  isPrivate?: boolean;
}

/** Marked as demo in name, bio and users.is_demo, so nobody mistakes them for real members. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo_lena',
    name: 'Demo · Lena Fischer',
    bio: 'Demo account. Tifosa since Imola 2005, rates every race she watches.',
  },
  {
    username: 'demo_marco',
    name: 'Demo · Marco Rossi',
    bio: 'Demo account. Strategy nerd: undercuts, overcuts and tyre deltas.',
  },
  {
    username: 'demo_aiko',
    name: 'Demo · Aiko Tanaka',
    bio: 'Demo account. Suzuka regular, loves a wet qualifying.',
  },
  {
    username: 'demo_sam',
    name: 'Demo · Sam Okafor',
    bio: 'Demo account. Watches from the grandstands whenever possible.',
  },
  {
    username: 'demo_noor',
    name: 'Demo · Noor Haddad',
    bio: 'Demo account (private). Shows how follow requests work.',
    isPrivate: true,
  },
];

/** [follower, followed]; a follow of the private account is a request, accepted where the third item says so. */
const DEMO_FOLLOWS: ReadonlyArray<readonly [string, string, 'accept'?]> = [
  ['demo_lena', 'demo_marco'],
  ['demo_marco', 'demo_lena'],
  ['demo_aiko', 'demo_lena'],
  ['demo_sam', 'demo_aiko'],
  ['demo_lena', 'demo_noor', 'accept'],
  ['demo_sam', 'demo_noor'],
];

/** Likes and comments from the other demo accounts on a demo review or thought. */
interface DemoReactions {
  likedBy?: string[];
  comments?: { by: string; text: string; replies?: { by: string; text: string }[] }[];
}

/** A review of a real race, found by season and name. */
interface DemoReview extends DemoReactions {
  author: string;
  season: number;
  race: string;
  rating: number;
  text: string | null;
}

const DEMO_REVIEWS: readonly DemoReview[] = [
  {
    author: 'demo_lena',
    season: 2024,
    race: 'italian',
    rating: 5,
    text: 'Leclerc making a one-stop work at Monza while everyone else pitted twice. The tifosi invading the track afterwards gave me chills.',
    likedBy: ['demo_marco', 'demo_aiko', 'demo_sam'],
    comments: [
      {
        by: 'demo_marco',
        text: 'That hard-tyre stint was a masterclass in tyre management.',
        replies: [{ by: 'demo_lena', text: 'And Ferrari actually called it right for once!' }],
      },
    ],
  },
  {
    author: 'demo_marco',
    season: 2021,
    race: 'abu dhabi',
    rating: 4,
    text: 'Strategically fascinating, procedurally a mess. The safety car call decided a championship, and we will argue about it forever.',
    likedBy: ['demo_lena', 'demo_sam'],
    comments: [{ by: 'demo_aiko', text: 'Still can not watch the last lap without shouting at the screen.' }],
  },
  {
    author: 'demo_aiko',
    season: 2024,
    race: 'sao paulo',
    rating: 5,
    text: 'Seventeenth to first in the wet. Qualifying in the morning, chaos all afternoon, and one driver simply on another planet.',
    likedBy: ['demo_lena', 'demo_marco'],
  },
  {
    author: 'demo_sam',
    season: 2024,
    race: 'monaco',
    rating: 3,
    text: 'Emotional win for Leclerc at home, but a red flag on lap one and then a procession. Monaco being Monaco.',
    likedBy: ['demo_aiko'],
    comments: [
      { by: 'demo_lena', text: 'Three out of five is generous and I love you for it.' },
      { by: 'demo_marco', text: 'The hard-tyre restart killed any strategy.' },
    ],
  },
  {
    author: 'demo_lena',
    season: 2021,
    race: 'british',
    rating: 4,
    text: 'Copse on lap one set the tone for the rest of the season. Hard to enjoy after the crash, but what a fightback.',
    likedBy: ['demo_marco'],
  },
  {
    author: 'demo_marco',
    season: 2023,
    race: 'singapore',
    rating: 4,
    text: 'Sainz managing the gap to keep Norris in DRS range as a shield: the smartest defensive drive I have seen in years.',
    likedBy: ['demo_lena', 'demo_aiko'],
  },
  {
    author: 'demo_aiko',
    season: 2021,
    race: 'hungarian',
    rating: 5,
    text: 'A first-corner pile-up, a grid of one on the restart and Ocon holding off a world champion. Pure chaos, pure joy.',
    likedBy: ['demo_sam'],
  },
  {
    author: 'demo_sam',
    season: 2024,
    race: 'miami',
    rating: 4,
    text: null,
    likedBy: ['demo_lena'],
  },
  // A season in review with content for the running season (issue 25); written once these races have been run.
  {
    author: 'demo_lena',
    season: 2026,
    race: 'australian',
    rating: 4,
    text: 'New cars, new rules and a grid still learning its tyres: a season opener where nobody knew what would happen next.',
    likedBy: ['demo_marco', 'demo_sam'],
  },
  {
    author: 'demo_lena',
    season: 2026,
    race: 'british',
    rating: 3,
    text: null,
    likedBy: ['demo_aiko'],
  },
  {
    author: 'demo_noor',
    season: 2025,
    race: 'australian',
    rating: 4,
    text: 'Private review: a wet Melbourne season opener that kept everyone guessing until the flag.',
    likedBy: ['demo_lena'],
  },
];

/** Demo watchlists: races found by season and name, in this order; two public, one private. */
interface DemoWatchlist {
  owner: string;
  name: string;
  description: string;
  isPublic: boolean;
  races: readonly (readonly [season: number, race: string])[];
}

const DEMO_WATCHLISTS: readonly DemoWatchlist[] = [
  {
    owner: 'demo_marco',
    name: 'Classic title deciders',
    description: 'Championships settled at the last race. Demo list.',
    isPublic: true,
    races: [
      [2021, 'abu dhabi'],
      [2008, 'brazilian'],
      [2010, 'abu dhabi'],
      [2012, 'brazilian'],
      [2016, 'abu dhabi'],
    ],
  },
  {
    owner: 'demo_aiko',
    name: 'Rain masters',
    description: 'Wet races worth a rewatch on a grey Sunday. Demo list.',
    isPublic: true,
    races: [
      [2011, 'canadian'],
      [2008, 'british'],
      [2020, 'turkish'],
      [2024, 'sao paulo'],
    ],
  },
  {
    owner: 'demo_lena',
    name: 'Rewatch this winter',
    description: 'Private demo list: only its owner sees it.',
    isPublic: false,
    races: [
      [2019, 'german'],
      [2024, 'italian'],
    ],
  },
];

/** Demo race thoughts; they are written only on a race whose thoughts are open when the demo is created. */
interface DemoThought extends DemoReactions {
  author: string;
  text: string;
}

const DEMO_THOUGHTS: readonly DemoThought[] = [
  {
    author: 'demo_marco',
    text: 'Demo thought: the undercut window should open around the first third of the race. Watch the pit wall.',
    likedBy: ['demo_lena', 'demo_aiko'],
    comments: [
      {
        by: 'demo_lena',
        text: 'Calling it now: two stops for the front runners.',
        replies: [{ by: 'demo_marco', text: 'Bold. I say one stop on the hards.' }],
      },
    ],
  },
  {
    author: 'demo_lena',
    text: 'Demo thought: whatever happens at the start, this one is going to be close at the front.',
    likedBy: ['demo_sam', 'demo_marco'],
    comments: [{ by: 'demo_aiko', text: 'There is rain in the forecast for the second half…' }],
  },
  {
    author: 'demo_sam',
    text: 'Demo thought: grandstand view of turn one, and the atmosphere is electric already.',
    likedBy: ['demo_aiko'],
  },
  {
    author: 'demo_noor',
    text: 'Demo thought (private account): only my followers can read this.',
    likedBy: ['demo_lena'],
  },
];

/** The demo's races, looked up by season and name through the F1 module. */
async function findRace(ctx: ServiceContext, season: number, name: string) {
  const page = await listRaces({ ...ctx, community: noCommunity }, null, { season, search: name, page_size: 1 });
  return page.results[0] ?? null;
}

async function findRaceId(ctx: ServiceContext, season: number, name: string): Promise<number | null> {
  return (await findRace(ctx, season, name))?.id ?? null;
}

/**
 * The likes and comments of a demo review or thought, written through its module's service: each
 * comment is liked by the post's author (unless they wrote it) and gets its replies. Demo accounts
 * that were left out (a name taken by a member) are skipped.
 */
async function seedReactions(
  ids: Map<string, number>,
  post: DemoReactions & { author: string },
  authorId: number,
  write: {
    like(userId: number): Promise<unknown>;
    comment(userId: number, text: string, parentId: number | null): Promise<{ id: number }>;
    likeComment(userId: number, commentId: number): Promise<unknown>;
  },
): Promise<void> {
  for (const liker of post.likedBy ?? []) {
    const likerId = ids.get(liker);
    if (likerId !== undefined) await write.like(likerId);
  }
  for (const c of post.comments ?? []) {
    const commenter = ids.get(c.by);
    if (commenter === undefined) continue;
    const comment = await write.comment(commenter, c.text, null);
    if (c.by !== post.author) await write.likeComment(authorId, comment.id);
    for (const reply of c.replies ?? []) {
      const replier = ids.get(reply.by);
      if (replier !== undefined) await write.comment(replier, reply.text, comment.id);
    }
  }
}

/** Writes the demo reviews; the id of each one written, by its author. */
async function seedDemoReviews(ctx: ServiceContext, ids: Map<string, number>): Promise<Map<string, number>> {
  const written = new Map<string, number>();
  for (const r of DEMO_REVIEWS) {
    const authorId = ids.get(r.author);
    const race = await findRace(ctx, r.season, r.race);
    // Without the F1 history (SEED_F1=false), a demo account or a race run by now (the clock decides), that
    // review is left out.
    if (authorId === undefined || race === null || !race.is_completed) continue;
    const raceId = race.id;
    const review = await createReview(ctx, authorId, { race_id: raceId, rating: r.rating, review_text: r.text });
    if (!written.has(r.author)) written.set(r.author, review.id);
    await seedReactions(ids, r, authorId, {
      like: (userId) => toggleReviewLike(ctx, userId, review.id),
      comment: (userId, text, parentId) =>
        createReviewComment(ctx, userId, { race_review_id: review.id, comment: text, parent_comment_id: parentId }),
      likeComment: (userId, commentId) => toggleReviewCommentLike(ctx, userId, commentId),
    });
  }
  return written;
}

/** A demo report in the staff's queue, so that a moderator of a fresh site sees what a report looks like. */
async function seedDemoReport(ctx: ServiceContext, ids: Map<string, number>, reviews: Map<string, number>) {
  const [reporterId, reviewId] = [ids.get('demo_marco'), reviews.get('demo_sam')];
  if (reporterId === undefined || reviewId === undefined) return;
  await createReport(ctx, reporterId, {
    target_type: 'review',
    target_id: reviewId,
    reason: 'spoilers',
    details: 'Demo report: it shows staff how the moderation queue works. Dismiss it.',
  });
}

async function seedDemoWatchlists(ctx: ServiceContext, ids: Map<string, number>): Promise<void> {
  for (const w of DEMO_WATCHLISTS) {
    const ownerId = ids.get(w.owner);
    if (ownerId === undefined) continue;
    const raceIds: number[] = [];
    for (const [season, name] of w.races) {
      const raceId = await findRaceId(ctx, season, name);
      if (raceId !== null) raceIds.push(raceId);
    }
    // Without the F1 history (SEED_F1=false) there is nothing to list.
    if (raceIds.length === 0) continue;
    const list = await createWatchlist(ctx, ownerId, {
      name: w.name,
      description: w.description,
      is_public: w.isPublic,
    });
    for (const raceId of raceIds) await addWatchlistRace(ctx, ownerId, list.id, raceId);
  }
}

/**
 * Race thoughts can only be written while a race's window is open (24 hours before the start until 48
 * hours after it), so the demo writes them through the thoughts service on the race whose window is open
 * when the community is created (the clock decides), and writes none when no window is open.
 */
async function seedDemoThoughts(ctx: ServiceContext, ids: Map<string, number>): Promise<void> {
  const active = await getActiveThoughts({ ...ctx, community: noCommunity }, null);
  if (!active?.status.is_open) return;
  for (const th of DEMO_THOUGHTS) {
    const authorId = ids.get(th.author);
    if (authorId === undefined) continue;
    const thought = await createThought(ctx, authorId, { race_id: active.race.id, content: th.text });
    await seedReactions(ids, th, authorId, {
      like: (userId) => toggleThoughtLike(ctx, userId, thought.id),
      comment: (userId, text, parentId) =>
        createThoughtComment(ctx, userId, { thought_id: thought.id, comment: text, parent_comment_id: parentId }),
      likeComment: (userId, commentId) => toggleThoughtCommentLike(ctx, userId, commentId),
    });
  }
}

/**
 * Creates the demo community on first start, unless any demo account exists (also one an admin kept
 * after deleting the others). Nobody can sign in to these accounts: their passwords are unusable.
 * The first account is the claim: of two instances starting at once, the one that cannot create it
 * leaves the rest to the other. Returns whether it created the community.
 */
export async function seedDemoCommunity(ctx: ServiceContext): Promise<boolean> {
  if (await demoCommunityExists(ctx)) return false;
  const ids = new Map<string, number>();
  for (const u of DEMO_USERS) {
    try {
      const id = await createAccount(ctx, {
        username: u.username,
        email: `${u.username}@demo.paddock.invalid`,
        name: u.name,
        bio: u.bio,
        isPrivate: u.isPrivate ?? false,
        isDemo: true,
        passwordHash: unusablePasswordHash(),
      });
      ids.set(u.username, id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // The first name taken: another instance is seeding (or did). A later one taken by a real member:
      // that account is left out.
      if (ids.size === 0) return false;
    }
  }
  for (const [from, to, answer] of DEMO_FOLLOWS) {
    const [fromId, toId] = [ids.get(from), ids.get(to)];
    if (fromId === undefined || toId === undefined) continue;
    await follow(ctx, fromId, toId);
    if (answer === 'accept') await acceptRequest(ctx, toId, fromId);
  }
  await seedDemoReport(ctx, ids, await seedDemoReviews(ctx, ids));
  await seedDemoWatchlists(ctx, ids);
  await seedDemoThoughts(ctx, ids);
  return true;
}
