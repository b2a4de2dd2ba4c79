import { notificationStreamEventSchema } from '@paddock/contract/notifications';
import { describe, expect, it } from 'vitest';
import { bellSignal } from './notification-stream.ts';

// A message as the server writes it (contract: notificationStreamEventSchema).
const notification = {
  type: 'notification',
  notification: {
    id: 7,
    notification_type: 'COMMENT_ON_REVIEW',
    message: 'demo_lena commented on your review',
    sender: { id: 2, username: 'demo_lena', name: 'Lena Fischer', profile_picture: null },
    created_at: '2026-11-29T10:00:00Z',
    related_review_id: 3,
    related_comment_id: null,
    related_race_id: 1120,
    related_thought_id: null,
    related_thought_comment_id: null,
    spoilers_hidden: false,
  },
};

describe('bellSignal (what the bell reads of its stream)', () => {
  it('reads the messages the contract describes, as far as the bell acts on them', () => {
    const counts = { type: 'counts', notifications: 3, follow_requests: 0 };
    expect(notificationStreamEventSchema.safeParse(counts).success).toBe(true);
    expect(bellSignal.safeParse(counts)).toEqual({ success: true, data: counts });
    expect(notificationStreamEventSchema.safeParse(notification).success).toBe(true);
    expect(bellSignal.safeParse(notification)).toEqual({ success: true, data: { type: 'notification' } });
  });

  it('skips what the contract refuses in what the bell reads', () => {
    const refused = [
      null,
      'counts',
      { type: 'counts', notifications: -1, follow_requests: 0 },
      { type: 'counts', notifications: 1.5, follow_requests: 0 },
      { type: 'counts', notifications: '3', follow_requests: 0 },
      { type: 'counts', notifications: 3 },
      { type: 'notification' },
      { type: 'notification', notification: null },
      { type: 'thought', notification: {} },
    ];
    for (const message of refused) {
      expect(notificationStreamEventSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
      expect(bellSignal.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});
