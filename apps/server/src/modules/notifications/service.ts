import { COUNT_MAX, type Notification, type NotificationType } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeIdCursor, encodeCursor, toPage } from '../../lib/pagination.ts';
import {
  countNotifications,
  deleteAllNotifications,
  deleteNotification,
  deleteNotificationsAbout,
  deleteNotificationsBetween,
  insertNotification,
  selectNotificationPage,
  type NewNotification,
  type NotificationRow,
} from './queries.ts';

/*
 * Notification rows, written where their actions happen by subscribing to the event seam: never for
 * one's own action, never across a block nor from an account the recipient muted, at most once per
 * (recipient, type, sender, object) while pending. Listing, counting and reading them are the
 * notification screens' part.
 */

async function notify(ctx: ServiceContext, n: NewNotification): Promise<void> {
  if (n.recipientId === n.senderId) return;
  if (await insertNotification(ctx.db, n)) await bellsChanged(ctx, [n.recipientId]);
}

/** Tells the notification streams whose badge or list changed. */
async function bellsChanged(ctx: ServiceContext, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await ctx.events.emit('notifications.changed', { userIds });
}

/** Notifications removed because what they were about went. */
async function forget(ctx: ServiceContext, about: Parameters<typeof deleteNotificationsAbout>[1]): Promise<void> {
  await bellsChanged(ctx, await deleteNotificationsAbout(ctx.db, about));
}

type About = Omit<NewNotification, 'type' | 'recipientId' | 'senderId'>;

/**
 * A new comment, on a review or a race thought: the author of the comment replied to hears of it as a
 * reply; the author of what was commented on hears of every comment, unless they are that same person
 * (one notification, the more precise one).
 */
async function notifyComment(
  ctx: ServiceContext,
  about: About,
  e: { authorId: number; ownerId: number; parent: { authorId: number } | null },
  types: { reply: NotificationType; comment: NotificationType },
): Promise<void> {
  if (e.parent) {
    await notify(ctx, { ...about, type: types.reply, recipientId: e.parent.authorId, senderId: e.authorId });
  }
  if (e.parent?.authorId !== e.ownerId) {
    await notify(ctx, { ...about, type: types.comment, recipientId: e.ownerId, senderId: e.authorId });
  }
}

export function subscribeNotifications(ctx: ServiceContext): void {
  const { events } = ctx;
  // The follow requests a private account is waiting to answer are counted on its bell too.
  events.on('follow.requested', ({ followingId }) => bellsChanged(ctx, [followingId]));
  events.on('follow.removed', async ({ followingId, wasAccepted }) => {
    if (!wasAccepted) await bellsChanged(ctx, [followingId]);
  });
  events.on('follow.accepted', async ({ followerId, followingId, requested }) => {
    if (requested) await bellsChanged(ctx, [followingId]);
    await notify(
      ctx,
      requested
        ? { type: 'FOLLOW_REQUEST_ACCEPTED', recipientId: followerId, senderId: followingId, targetId: followerId }
        : { type: 'FOLLOWED_PUBLIC_ACCOUNT', recipientId: followingId, senderId: followerId, targetId: followingId },
    );
  });
  events.on('review.liked', async (e) => {
    await notify(ctx, {
      type: 'REVIEW_LIKED',
      recipientId: e.reviewAuthorId,
      senderId: e.likerId,
      targetId: e.reviewId,
      reviewId: e.reviewId,
      raceId: e.raceId,
    });
  });
  events.on('comment.created', async (e) => {
    await notifyComment(
      ctx,
      { reviewId: e.reviewId, commentId: e.commentId, raceId: e.raceId, targetId: e.commentId },
      { authorId: e.authorId, ownerId: e.reviewAuthorId, parent: e.parent },
      { reply: 'REPLY_TO_COMMENT', comment: 'COMMENT_ON_REVIEW' },
    );
  });
  events.on('comment.liked', async (e) => {
    await notify(ctx, {
      type: 'COMMENT_LIKED',
      recipientId: e.commentAuthorId,
      senderId: e.likerId,
      targetId: e.commentId,
      reviewId: e.reviewId,
      commentId: e.commentId,
      raceId: e.raceId,
    });
  });
  events.on('review.deleted', ({ reviewId }) => forget(ctx, { reviewId }));
  // A block also takes back what the two had told each other.
  events.on('relation.changed', async ({ kind, ownerId, otherId, active }) => {
    if (kind === 'block' && active) await bellsChanged(ctx, await deleteNotificationsBetween(ctx.db, ownerId, otherId));
  });
  events.on('comment.deleted', ({ commentId }) => forget(ctx, { commentId }));
  subscribeThoughtNotifications(ctx);
}

/** Race thoughts: the events carry every id a notification links to, so nothing is looked up here. */
function subscribeThoughtNotifications(ctx: ServiceContext): void {
  const { events } = ctx;
  events.on('thought.liked', async (e) => {
    await notify(ctx, {
      type: 'THOUGHT_LIKED',
      recipientId: e.thoughtAuthorId,
      senderId: e.likerId,
      targetId: e.thoughtId,
      thoughtId: e.thoughtId,
      raceId: e.raceId,
    });
  });
  events.on('thought_comment.created', async (e) => {
    await notifyComment(
      ctx,
      { thoughtId: e.thoughtId, thoughtCommentId: e.commentId, raceId: e.raceId, targetId: e.commentId },
      { authorId: e.authorId, ownerId: e.thoughtAuthorId, parent: e.parent },
      { reply: 'REPLY_TO_THOUGHT_COMMENT', comment: 'COMMENT_ON_THOUGHT' },
    );
  });
  events.on('thought_comment.liked', async (e) => {
    await notify(ctx, {
      type: 'THOUGHT_COMMENT_LIKED',
      recipientId: e.commentAuthorId,
      senderId: e.likerId,
      targetId: e.commentId,
      thoughtId: e.thoughtId,
      thoughtCommentId: e.commentId,
      raceId: e.raceId,
    });
  });
  events.on('thought.deleted', ({ thoughtId }) => forget(ctx, { thoughtId }));
  events.on('thought_comment.deleted', ({ commentIds }) => forget(ctx, { thoughtCommentIds: commentIds }));
}

/** What each type says, after the sender's name; `race` is "2024 Italian Grand Prix" when known. */
const MESSAGES: Record<NotificationType, (race: string | null) => string> = {
  FOLLOW_REQUEST_ACCEPTED: () => 'accepted your follow request',
  FOLLOWED_PUBLIC_ACCOUNT: () => 'started following you',
  COMMENT_ON_REVIEW: (race) => (race ? `commented on your review of the ${race}` : 'commented on your review'),
  REPLY_TO_COMMENT: () => 'replied to your comment',
  COMMENT_LIKED: () => 'liked your comment',
  REVIEW_LIKED: (race) => (race ? `liked your review of the ${race}` : 'liked your review'),
  THOUGHT_LIKED: (race) => (race ? `liked your thought on the ${race}` : 'liked your race thought'),
  COMMENT_ON_THOUGHT: (race) => (race ? `commented on your thought on the ${race}` : 'commented on your race thought'),
  REPLY_TO_THOUGHT_COMMENT: (race) =>
    race ? `replied to your comment on a thought on the ${race}` : 'replied to your comment on a race thought',
  THOUGHT_COMMENT_LIKED: (race) =>
    race ? `liked your comment on a thought on the ${race}` : 'liked your comment on a race thought',
};

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification_type: row.type,
    message: `${row.sender.name || row.sender.username} ${MESSAGES[row.type](row.race_title)}`,
    sender: row.sender,
    created_at: new Date(row.created_ms).toISOString(),
    related_review_id: row.review_id,
    related_comment_id: row.comment_id,
    related_race_id: row.race_id,
    related_thought_id: row.thought_id,
    related_thought_comment_id: row.thought_comment_id,
    spoilers_hidden: row.spoilers_hidden,
  };
}

/** GET /social/notifications/: the signed-in user's pending notifications, newest first. */
export async function listNotifications(
  ctx: ServiceContext,
  userId: number,
  q: { page_size: number; cursor?: string; revealed?: readonly number[] },
) {
  const beforeId = decodeIdCursor(q.cursor);
  const rows = await selectNotificationPage(ctx.db, {
    recipientId: userId,
    beforeId,
    limit: q.page_size + 1,
    revealed: q.revealed,
  });
  return toPage(rows, q.page_size, toNotification, (last) => encodeCursor([last.id]));
}

export async function notificationCount(ctx: ServiceContext, userId: number) {
  return { count: await countNotifications(ctx.db, userId, COUNT_MAX) };
}

/** Reading and dismissing both remove the notification; someone else's is as unknown as a missing one. */
export async function removeNotification(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  if (!(await deleteNotification(ctx.db, userId, id))) throw notFound();
  await bellsChanged(ctx, [userId]);
}

export async function removeAllNotifications(ctx: ServiceContext, userId: number) {
  const count = await deleteAllNotifications(ctx.db, userId);
  if (count > 0) await bellsChanged(ctx, [userId]);
  return { count };
}
