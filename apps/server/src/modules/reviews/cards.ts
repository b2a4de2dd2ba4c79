import type { Review } from '@paddock/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { clock } from '../../lib/clock.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { READ_CACHE_MAX_AGE_MS } from '../../lib/read-cache.ts';

/*
 * Review cards kept as everyone sees them (decision 027). A card is the review with its race and its
 * author; what differs per reader (their follow status toward the author, whether they like it, whether
 * they may see it at all) is read apart, in the small statement that also picks the page's reviews, and
 * laid over the kept card. So a feed page costs one narrow statement instead of one that builds twenty
 * cards out of five tables.
 *
 * A write drops the cards it changed on its own instance before its request answers (the reviews
 * module's events and its like toggle), and tells the other instances through the live bus; a card load
 * that raced a drop of one of its cards is answered but not kept. While the bus's carrier is away
 * nothing is kept, and when it is back everything is dropped (messages may have been lost). Formula 1
 * data changes (race names) drop everything too: they move the read cache's epoch. A card is kept at most
 * the read cache's maximum age, so a drop that could not be published shows within it elsewhere.
 */

export const REVIEW_CARDS_CHANNEL = 'paddock_review_cards';

/** A kept card and its reader's side. */
export interface ReaderCard {
  card: Review;
  follow_status: Review['user']['follow_status'];
  liked: boolean;
  /** The reader's spoiler shield hides the review's race (decision 033). */
  shielded: boolean;
}

/**
 * A card as a reader whose spoiler shield hides its race sees it (decision 033): the author, the race, the
 * dates and the counts stay; the rating (a race rated 5 was worth it) and the text go.
 */
export function withholdReview(card: Review): Review {
  return { ...card, rating: null, review_text: null, spoilers_hidden: true };
}

/** What a drop message carries: reviews whose cards changed, or authors whose every card did. */
interface DropMessage {
  reviews?: number[];
  authors?: number[];
}

/** A load under way: the ids dropped meanwhile ('all' after an author's or a full drop). */
interface Load {
  spoiled: Set<number> | 'all';
}

export interface ReviewCardsOptions {
  /** At most this many cards, the least recently used dropped first; 0 keeps none. */
  maxEntries: number;
  /** Whether this instance hears every drop now (its bus is connected). */
  trusted?: () => boolean;
  /** Moves when Formula 1 data changed (the read cache's epoch): every card is dropped then. */
  epoch?: () => number;
  maxAgeMs?: number;
  now?: () => number;
  /** Readers' answers kept with their pages, at most this many bytes (see keptAnswer); 0 keeps none. */
  answerBytes?: number;
}

interface Entry {
  card: Review;
  storedAt: number;
}

/** A reader's answer kept with its page: its bytes, and the cards they were made from. */
interface KeptAnswer {
  bytes: Buffer;
  cards: Review[];
}

/** What a kept answer counts for against the budget: its bytes, and about 1 KB of bookkeeping. */
const answerWeight = (answer: KeptAnswer) => answer.bytes.length + 1024;

export class ReviewCards {
  private readonly entries = new Map<number, Entry>();
  private readonly loads = new Set<Load>();
  /** Readers' answers by their page (an object the reader cache keeps), least recently used first. */
  private readonly answers = new Map<object, KeptAnswer>();
  private answersWeight = 0;
  readonly answerBytes: number;
  private readonly trusted: () => boolean;
  private readonly epoch: () => number;
  private epochSeen: number;
  private readonly now: () => number;
  readonly maxEntries: number;
  readonly maxAgeMs: number;

  constructor(options: ReviewCardsOptions) {
    this.maxEntries = options.maxEntries;
    this.maxAgeMs = options.maxAgeMs ?? READ_CACHE_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
    this.trusted = options.trusted ?? (() => true);
    this.epoch = options.epoch ?? (() => 0);
    this.epochSeen = this.epoch();
    this.answerBytes = options.answerBytes ?? 64 * 1024 * 1024;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cards of `ids` (as a guest sees them) that exist, by id: kept ones, the others from `load` in
   * one call, kept unless a drop touched them meanwhile.
   */
  async cards(ids: readonly number[], load: (ids: number[]) => Promise<Review[]>): Promise<Map<number, Review>> {
    const found = new Map<number, Review>();
    const keeping = this.maxEntries > 0 && this.trusted();
    if (keeping && this.epoch() !== this.epochSeen) this.clear();
    const missing: number[] = [];
    const now = this.now();
    for (const id of ids) {
      const entry = keeping ? this.fresh(id, now) : undefined;
      if (entry === undefined) {
        missing.push(id);
        continue;
      }
      this.touch(id, entry);
      found.set(id, entry.card);
    }
    if (missing.length === 0) return found;
    const pending: Load = { spoiled: new Set() };
    this.loads.add(pending);
    try {
      const loaded = await load(missing);
      const spoiled = pending.spoiled;
      for (const card of loaded) {
        found.set(card.id, card);
        if (keeping && spoiled !== 'all' && !spoiled.has(card.id) && this.trusted()) this.keep(card, now);
      }
    } finally {
      this.loads.delete(pending);
    }
    return found;
  }

  /**
   * Whether each of `cards` is still the card kept for its review (none dropped, expired or evicted since,
   * and drops are heard): then an answer made from them is still current, and they count as used.
   */
  holds(cards: readonly Review[]): boolean {
    if (this.maxEntries === 0 || !this.trusted() || this.epoch() !== this.epochSeen) return false;
    const now = this.now();
    if (!cards.every((card) => this.fresh(card.id, now)?.card === card)) return false;
    for (const card of cards) this.touch(card.id, this.entries.get(card.id)!);
    return true;
  }

  /** The kept entry of `id`, unless it is older than the maximum age (a clock moved back, as tests do, too). */
  private fresh(id: number, now: number): Entry | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    const age = now - entry.storedAt;
    return age < 0 || age >= this.maxAgeMs ? undefined : entry;
  }

  /** Makes `id` the most recently used: Map keeps insertion order, so it is inserted again. */
  private touch(id: number, entry: Entry): void {
    this.entries.delete(id);
    this.entries.set(id, entry);
  }

  /**
   * The answer kept for a reader's page, while every card in it is still the kept one: a page answered
   * again is sent without copying its cards. Pages are kept by the reader cache, which drops them when
   * the reader's side changes; an answer whose page was dropped is never asked for again and leaves with
   * the least recently used.
   */
  keptAnswer(page: object): Buffer | undefined {
    const answer = this.answers.get(page);
    if (!answer) return undefined;
    this.answers.delete(page);
    if (!this.holds(answer.cards)) {
      this.answersWeight -= answerWeight(answer);
      return undefined;
    }
    this.answers.set(page, answer);
    return answer.bytes;
  }

  /** Keeps a reader's answer to `page`, made from `cards`, within the byte budget. */
  keepAnswer(page: object, bytes: Buffer, cards: Review[]): void {
    const answer = { bytes, cards };
    if (!this.trusted() || answerWeight(answer) > this.answerBytes) return;
    const previous = this.answers.get(page);
    if (previous) this.answersWeight -= answerWeight(previous);
    this.answers.delete(page);
    this.answers.set(page, answer);
    this.answersWeight += answerWeight(answer);
    while (this.answersWeight > this.answerBytes) {
      const [oldest, dropped] = this.answers.entries().next().value!;
      this.answers.delete(oldest);
      this.answersWeight -= answerWeight(dropped);
    }
  }

  /** The bytes the kept answers count for (see answerWeight). */
  get keptAnswerBytes(): number {
    return this.answersWeight;
  }

  private keep(card: Review, storedAt: number): void {
    this.touch(card.id, { card, storedAt });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** Drops the cards of these reviews (and keeps loads under way from keeping them). */
  dropReviews(reviewIds: readonly number[]): void {
    for (const id of reviewIds) this.entries.delete(id);
    for (const load of this.loads) {
      if (load.spoiled !== 'all') for (const id of reviewIds) load.spoiled.add(id);
    }
  }

  /** Drops every card by these authors (a changed name, picture or privacy). */
  dropAuthors(authorIds: readonly number[]): void {
    const authors = new Set(authorIds);
    for (const [id, entry] of this.entries) if (authors.has(entry.card.user.id)) this.entries.delete(id);
    for (const load of this.loads) load.spoiled = 'all';
  }

  clear(): void {
    this.entries.clear();
    this.answers.clear();
    this.answersWeight = 0;
    this.epochSeen = this.epoch();
    for (const load of this.loads) load.spoiled = 'all';
  }

  /** Applies a drop message from another instance (or this one); anything unreadable drops everything. */
  apply(message: string): void {
    let drop: DropMessage | null = null;
    try {
      drop = JSON.parse(message) as DropMessage;
    } catch {
      // handled below
    }
    const valid = (v: unknown) => v === undefined || (Array.isArray(v) && v.every((id) => Number.isInteger(id)));
    if (drop === null || typeof drop !== 'object' || !valid(drop.reviews) || !valid(drop.authors)) return this.clear();
    if (drop.reviews) this.dropReviews(drop.reviews);
    if (drop.authors) this.dropAuthors(drop.authors);
  }
}

type Logger = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Makes `cards` follow the drops published on the bus: it keeps nothing while a carrier is away and
 * drops everything when it is back. Returns the unsubscribe.
 */
export function followCardDrops(cards: ReviewCards, bus: LiveBus): Promise<() => Promise<void>> {
  return bus.subscribe(REVIEW_CARDS_CHANNEL, {
    message: (message) => cards.apply(message),
    resync: () => cards.clear(),
  });
}

/**
 * Drops cards on this instance at once (the request that changed them answers after it), then tells the
 * others; a bus that cannot publish is logged (the others keep the old card until they drop it: a
 * reconnection, an F1 change or the LRU).
 */
export async function dropCardsEverywhere(
  target: { cards: ReviewCards; bus: Pick<LiveBus, 'publish'>; log: Logger },
  drop: DropMessage,
): Promise<void> {
  if (drop.reviews) target.cards.dropReviews(drop.reviews);
  if (drop.authors) target.cards.dropAuthors(drop.authors);
  await target.bus.publish(REVIEW_CARDS_CHANNEL, JSON.stringify(drop)).catch((err: unknown) => {
    target.log.warn({ err, drop }, 'review cards: cannot tell the other instances to drop cards');
  });
}

/*
 * Each app's cards, found through its event seam (one per app, handed to every service in its context),
 * so every service that shows reviews shares them without each caller passing them along.
 */
const cardsByApp = new WeakMap<object, ReviewCards>();

/** Makes `cards` the kept cards of the app whose event seam is `events`. */
export function attachReviewCards(events: object, cards: ReviewCards): void {
  cardsByApp.set(events, cards);
}

/** The kept cards of the app whose event seam is `events`, if it keeps any. */
export function reviewCardsOf(events: object): ReviewCards | undefined {
  return cardsByApp.get(events);
}

/**
 * The app's kept cards, following the drops of every instance from before the server listens, and
 * dropped when what they show changes: a review edited or deleted, its likes or comments counted again,
 * its author's name or picture changed. (Who may see it is the reader's side, read with each page.)
 */
export function keepReviewCards(
  events: EventBus,
  config: Pick<Config, 'REVIEW_CARD_ENTRIES' | 'READER_ANSWER_MB'>,
  app: FastifyInstance,
) {
  let stopFollowing: (() => Promise<void>) | null = null;
  const cards = new ReviewCards({
    maxEntries: config.REVIEW_CARD_ENTRIES,
    answerBytes: config.READER_ANSWER_MB * 1024 * 1024,
    // Nothing is kept before drops from the other instances are heard.
    trusted: () => stopFollowing !== null && app.liveBus.reliable,
    epoch: () => app.readCache.epoch,
    now: () => clock.now(),
  });
  attachReviewCards(events, cards);
  app.addHook('onReady', async () => {
    stopFollowing = await followCardDrops(cards, app.liveBus);
  });
  app.addHook('preClose', async () => {
    await stopFollowing?.();
  });
  const target = { cards, bus: app.liveBus, log: app.log };
  const dropReview = ({ reviewId }: { reviewId: number }) => dropCardsEverywhere(target, { reviews: [reviewId] });
  const dropAuthor = ({ userId }: { userId: number }) => dropCardsEverywhere(target, { authors: [userId] });
  events.on('review.updated', dropReview);
  events.on('review.deleted', dropReview);
  events.on('review.like_toggled', dropReview);
  events.on('comment.created', dropReview);
  events.on('comment.deleted', dropReview);
  events.on('user.card_changed', dropAuthor);
  events.on('account.deleted', ({ userId, reviewIds, touchedReviewIds }) =>
    dropCardsEverywhere(target, { reviews: [...reviewIds, ...touchedReviewIds], authors: [userId] }),
  );
}

/*
 * A card's JSON, kept beside it in bytes, around the two places a reader's side goes: answers made for
 * one reader are put together from these (no serialization, no string encoding per request). Strings
 * marking those places cannot occur in a card otherwise: text holding U+0000 is refused on input.
 */
const FOLLOW_MARK = '\u0000follow_status\u0000';
const LIKED_MARK = '\u0000is_liked_by_user\u0000';

interface CardJson {
  /** Up to the reader's follow status toward the author. */
  head: Buffer;
  /** Between it and whether the reader likes the review. */
  mid: Buffer;
  tail: Buffer;
  /** The whole card for each reader's side met so far, by sideSlot: a page copies one piece per card. */
  sides: (Buffer | undefined)[];
}

const jsonOfCard = new WeakMap<Review, CardJson>();
/** The same for the card as a shielded reader sees it (withholdReview). */
const jsonOfWithheldCard = new WeakMap<Review, CardJson>();
const RESULTS_OPEN = Buffer.from('{"results":[');
const COMMA = 0x2c;
const FOLLOW_SLOTS: Record<Review['user']['follow_status'], number> = { self: 0, following: 1, requested: 2, none: 3 };
/** Where a card keeps its bytes for one reader's side (a follow status and a like: eight at most). */
const sideSlot = (follow: Review['user']['follow_status'], liked: boolean) =>
  FOLLOW_SLOTS[follow] * 2 + (liked ? 1 : 0);

function cardJson(card: Review, shielded: boolean): CardJson {
  const kept = shielded ? jsonOfWithheldCard : jsonOfCard;
  let parts = kept.get(card);
  if (parts) return parts;
  const shown = shielded ? withholdReview(card) : card;
  const marked: Record<keyof Review, unknown> = {
    ...shown,
    user: { ...card.user, follow_status: FOLLOW_MARK },
    is_liked_by_user: LIKED_MARK,
  };
  const json = JSON.stringify(marked);
  const follow = JSON.stringify(FOLLOW_MARK);
  const liked = JSON.stringify(LIKED_MARK);
  const f = json.indexOf(follow);
  const l = json.lastIndexOf(liked);
  parts = {
    head: Buffer.from(json.slice(0, f)),
    mid: Buffer.from(json.slice(f + follow.length, l)),
    tail: Buffer.from(json.slice(l + liked.length)),
    sides: [],
  };
  kept.set(card, parts);
  return parts;
}

/** A card's JSON as one reader sees it, made once per side it is shown with. */
function cardBytes({ card, follow_status, liked, shielded }: ReaderCard): Buffer {
  const parts = cardJson(card, shielded);
  const slot = sideSlot(follow_status, liked);
  return (parts.sides[slot] ??= Buffer.concat([
    parts.head,
    Buffer.from(JSON.stringify(follow_status)),
    parts.mid,
    Buffer.from(JSON.stringify(liked)),
    parts.tail,
  ]));
}

/**
 * The JSON of an answer made for one reader: `{"results": [cards…], …rest}`, each card with the reader's
 * follow status toward its author and their like (and withheld where their spoiler shield hides its race),
 * as `JSON.stringify` would write the Review. The cards'
 * bytes are copied once, into one buffer of the answer's length.
 */
export function answerJson(cards: readonly ReaderCard[], rest: Record<string, unknown>): Buffer {
  // The rest of the answer's keys, after its results: `],"next_cursor":…}`.
  const restJson = JSON.stringify(rest);
  const close = Buffer.from(restJson === '{}' ? ']}' : `],${restJson.slice(1)}`);
  const pieces = cards.map(cardBytes);
  let length = RESULTS_OPEN.length + close.length + Math.max(0, pieces.length - 1);
  for (const piece of pieces) length += piece.length;
  const out = Buffer.allocUnsafe(length);
  out.set(RESULTS_OPEN, 0);
  let at = RESULTS_OPEN.length;
  pieces.forEach((piece, i) => {
    if (i > 0) out[at++] = COMMA;
    out.set(piece, at);
    at += piece.length;
  });
  out.set(close, at);
  return out;
}
