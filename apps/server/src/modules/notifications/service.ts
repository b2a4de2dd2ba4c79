import type { ServiceContext } from '../../lib/context.ts';
import { deleteNotificationsAbout, insertNotification, selectNotifications, type NewNotification } from './queries.ts';

/*
 * Notification rows, written where their actions happen by subscribing to the event seam: never for
 * one's own action, at most once per (recipient, type, sender, object) while pending. Listing, counting
 * and reading them are the notification screens' part.
 */

async function notify(ctx: ServiceContext, n: NewNotification): Promise<void> {
  if (n.recipientId === n.senderId) return;
  await insertNotification(ctx.db, n);
}

export function subscribeNotifications(ctx: ServiceContext): void {
  const { events } = ctx;
  events.on('follow.accepted', async ({ followerId, followingId, requested }) => {
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
    const about = { reviewId: e.reviewId, commentId: e.commentId, raceId: e.raceId, targetId: e.commentId };
    // Someone answered: the author of the comment replied to hears of it as a reply; the review's author
    // hears of every comment, unless they are that same person (one notification, the more precise one).
    if (e.parent)
      await notify(ctx, { ...about, type: 'REPLY_TO_COMMENT', recipientId: e.parent.authorId, senderId: e.authorId });
    if (e.parent?.authorId !== e.reviewAuthorId) {
      await notify(ctx, { ...about, type: 'COMMENT_ON_REVIEW', recipientId: e.reviewAuthorId, senderId: e.authorId });
    }
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
  events.on('review.deleted', async ({ reviewId }) => deleteNotificationsAbout(ctx.db, { reviewId }));
  events.on('comment.deleted', async ({ commentId }) => deleteNotificationsAbout(ctx.db, { commentId }));
}

/** A user's pending notifications, oldest first (the notification screens come with the social layer). */
export function pendingNotifications(ctx: ServiceContext, userId: number) {
  return selectNotifications(ctx.db, userId);
}
