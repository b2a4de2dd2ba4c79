import type { Notification } from '@paddock/contract/notifications';
import { paths } from '@/config/paths.ts';

/** Where a click on a notification leads (spec §2 "Notification dropdown"); null when its object is unknown. */
export function notificationTarget(n: Notification): string | null {
  const orUndefined = (id: number | null) => id ?? undefined;
  switch (n.notification_type) {
    case 'FOLLOW_REQUEST_ACCEPTED':
    case 'FOLLOWED_PUBLIC_ACCOUNT':
      return paths.userProfile.getHref(n.sender.username);
    case 'COMMENT_ON_REVIEW':
    case 'REPLY_TO_COMMENT':
    case 'COMMENT_LIKED':
      return n.related_review_id === null
        ? null
        : paths.review.getHref(n.related_review_id, orUndefined(n.related_comment_id));
    case 'REVIEW_LIKED':
      return n.related_review_id === null ? null : paths.review.getHref(n.related_review_id);
    case 'THOUGHT_LIKED':
    case 'COMMENT_ON_THOUGHT':
    case 'REPLY_TO_THOUGHT_COMMENT':
    case 'THOUGHT_COMMENT_LIKED':
      return n.related_race_id === null
        ? null
        : paths.race.getHref(n.related_race_id, {
            tab: 'thoughts',
            thoughtId: orUndefined(n.related_thought_id),
            commentId: orUndefined(n.related_thought_comment_id),
          });
  }
}
