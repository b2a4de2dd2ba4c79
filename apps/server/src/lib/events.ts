import type { FastifyBaseLogger } from 'fastify';

/**
 * The in-process event seam. A service emits after its transaction has committed; capabilities that
 * react to it (notifications, feeds, counters that follow privacy, and later live updates) subscribe
 * in app.ts instead of being called inline. Handlers run in the order they subscribed and are awaited,
 * so the request that caused an event answers after its consequences are stored; a failing handler is
 * logged and never fails the action that already happened.
 */
export interface AppEvents {
  /**
   * An account was deleted with what it wrote (decision 032): `reviewIds` were its reviews, `raceIds` their
   * races, `touchedReviewIds` others' reviews whose counts moved (its likes and comments on them went).
   */
  'account.deleted': { userId: number; reviewIds: number[]; raceIds: number[]; touchedReviewIds: number[] };
  /** An account turned private or public. */
  'user.privacy_changed': { userId: number; isPrivate: boolean };
  /** What a user card shows (username, name, picture) changed, or an account was created. */
  'user.card_changed': { userId: number };
  /**
   * The race figures (review counts, averages) counting a user's reviews were recounted after their account
   * changed privacy: every race they reviewed may show other figures now.
   */
  'race_figures.recounted': { userId: number };
  /** A user starred a driver of a race, or took a star back. */
  'star.changed': { userId: number; raceId: number };
  /**
   * What the spoiler shield hides from a reader changed (decision 033): their setting, or a race they marked
   * watched or unmarked (reviewing a race marks it too, announced as `review.created`).
   */
  'spoilers.changed': { userId: number };
  /** `followerId` now follows `followingId` (a follow of a public account, or an accepted request). */
  'follow.accepted': { followerId: number; followingId: number; requested: boolean };
  /** A follow request to a private account is waiting for its answer. */
  'follow.requested': { followerId: number; followingId: number };
  /**
   * `ownerId` blocked or muted `otherId` (`active`), or took it back. A block's removed follows were
   * announced first as `follow.removed`.
   */
  'relation.changed': { kind: 'block' | 'mute'; ownerId: number; otherId: number; active: boolean };
  /** An accepted follow ended (unfollow, a block), or a pending request was withdrawn or declined. */
  'follow.removed': { followerId: number; followingId: number; wasAccepted: boolean };
  /**
   * `authorFollowersCount`: the author's accepted followers as the review's transaction counted them (the
   * feeds module writes the review into their timelines at once, or queues that for many followers).
   */
  'review.created': { reviewId: number; authorId: number; raceId: number; authorFollowersCount: number };
  'review.updated': { reviewId: number; authorId: number; raceId: number };
  'review.deleted': { reviewId: number; authorId: number; raceId: number };
  /** Only a like, not its undoing. */
  'review.liked': { reviewId: number; reviewAuthorId: number; raceId: number; likerId: number };
  /** A like or its undoing: the review's like count moved. */
  'review.like_toggled': { reviewId: number; reviewAuthorId: number; raceId: number; likerId: number; liked: boolean };
  'comment.created': {
    commentId: number;
    reviewId: number;
    reviewAuthorId: number;
    raceId: number;
    authorId: number;
    /** The comment replied to, for replies. */
    parent: { commentId: number; authorId: number } | null;
  };
  'comment.deleted': { commentId: number; reviewId: number; authorId: number };
  'comment.liked': { commentId: number; commentAuthorId: number; reviewId: number; raceId: number; likerId: number };
  /** A race thought was liked (not the undoing). */
  'thought.liked': { thoughtId: number; thoughtAuthorId: number; raceId: number; likerId: number };
  'thought.deleted': { thoughtId: number; authorId: number; raceId: number };
  'thought_comment.created': {
    commentId: number;
    thoughtId: number;
    thoughtAuthorId: number;
    raceId: number;
    authorId: number;
    /** The comment replied to (which may itself be a reply), for replies. */
    parent: { commentId: number; authorId: number } | null;
  };
  /** A comment on a thought went, with its replies (`commentIds` holds both). */
  'thought_comment.deleted': { commentIds: number[]; thoughtId: number; authorId: number };
  /** Only a like, not its undoing. */
  'thought_comment.liked': {
    commentId: number;
    commentAuthorId: number;
    thoughtId: number;
    raceId: number;
    likerId: number;
  };
  /** A change to a race's thoughts was appended to its live log (thought_events) at position `eventId`. */
  'thought.logged': { raceId: number; eventId: number };
  /**
   * What these accounts' bells show changed: a notification of theirs was stored or removed, or a follow
   * request to them came, went or was answered (the notification stream tells their open tabs).
   */
  'notifications.changed': { userIds: number[] };
}

export type EventName = keyof AppEvents;
export type EventHandler<K extends EventName> = (payload: AppEvents[K]) => unknown;

export interface EventBus {
  /** Subscribes; returns the unsubscribe function. */
  on<K extends EventName>(name: K, handler: EventHandler<K>): () => void;
  emit<K extends EventName>(name: K, payload: AppEvents[K]): Promise<void>;
}

type Logger = Pick<FastifyBaseLogger, 'error'>;

export function createEventBus(log: Logger): EventBus {
  const handlers = new Map<EventName, EventHandler<EventName>[]>();
  return {
    on(name, handler) {
      const list = handlers.get(name) ?? [];
      list.push(handler as EventHandler<EventName>);
      handlers.set(name, list);
      return () => {
        const current = handlers.get(name) ?? [];
        handlers.set(
          name,
          current.filter((h) => h !== handler),
        );
      };
    },
    async emit(name, payload) {
      for (const handler of handlers.get(name) ?? []) {
        try {
          await handler(payload);
        } catch (err) {
          log.error({ err, event: name }, 'event handler failed');
        }
      }
    },
  };
}
