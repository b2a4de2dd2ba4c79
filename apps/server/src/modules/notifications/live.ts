import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { NotificationStreamEvent } from '@paddock/contract';
import type { ServiceContext } from '../../lib/context.ts';
import { startEventStream, StreamHub, writeToStream, type StreamGroup } from '../../lib/event-stream.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { followRequestCount } from '../follows/service.ts';
import { selectLatestNotificationId, selectNotificationPage, type NotificationRow } from './queries.ts';
import { notificationCount, toNotification } from './service.ts';

/*
 * The bell's live streams on this instance (decision 034). The notifications table is the source of
 * truth; the bus only rings a doorbell ("these accounts' bells changed", `notifications.changed`). Each
 * account with streams open here has a bell holding what it has sent; on a doorbell it reads, once for
 * all the account's tabs, the notifications stored since and the badge's two counts, and writes what is
 * new to every tab.
 *
 * Notifications are stored by single statements that may commit out of id order, so a bell does not
 * trust its newest id alone: it reads from a floor that trails what it has sent by one heartbeat, and
 * skips the ids it has sent already.
 */

export const NOTIFICATIONS_CHANNEL = 'paddock_notifications';
/** Every this many heartbeats each bell reads again, in case a doorbell was lost. */
const SWEEP_EVERY = 4;
const PAGE = 200;
/** Ids per doorbell message (a NOTIFY payload stays far below its 8,000 bytes). */
const IDS_PER_MESSAGE = 200;

interface Bell extends StreamGroup {
  userId: number;
  /** Tabs receiving live messages, and all of the account's tabs here (some still joining). */
  live: Set<ServerResponse>;
  members: Set<ServerResponse>;
  /** Notifications above this id are read on each ring; those at or below were sent or never will be. */
  floor: number;
  /** Where the floor moves at the next heartbeat: the newest id sent by the previous one. */
  nextFloor: number;
  /** The newest notification id sent. */
  cursor: number;
  /** Ids above the floor already sent. */
  sent: Set<number>;
  /** The last counts message sent, to send only changes. */
  counts: string | null;
}

const message = (event: NotificationStreamEvent, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

const notificationMessage = (row: NotificationRow) =>
  message({ type: 'notification', notification: toNotification(row) }, row.id);

export class NotificationsHub extends StreamHub<Bell> {
  private beats = 0;

  constructor(
    private readonly ctx: ServiceContext,
    bus: LiveBus,
    log: FastifyBaseLogger,
  ) {
    super(NOTIFICATIONS_CHANNEL, bus, log);
  }

  /** After a change committed: tells every instance (this one included) whose bells to read again. */
  async publish(userIds: readonly number[]): Promise<void> {
    for (let i = 0; i < userIds.length; i += IDS_PER_MESSAGE) {
      await this.bus.publish(NOTIFICATIONS_CHANNEL, userIds.slice(i, i + IDS_PER_MESSAGE).join(','));
    }
  }

  /**
   * Turns the request into the account's notification stream. With `lastEventId`, its pending
   * notifications after it are sent first; then the counts, then live messages.
   */
  open(reply: FastifyReply, o: { userId: number; lastEventId: number | null }): void {
    const res = startEventStream(reply);
    if (this.closed) {
      res.end();
      return;
    }
    this.streams.add(res);
    const bell = this.bellFor(o.userId);
    bell.members.add(res);
    const leave = () => this.leave(bell, res);
    res.on('close', leave);
    res.on('error', leave);
    this.enqueue(bell, () => this.join(bell, res, o.lastEventId)).catch(() => res.destroy());
  }

  private bellFor(userId: number): Bell {
    const existing = this.groups.get(userId);
    if (existing) return existing;
    const bell: Bell = {
      userId,
      live: new Set(),
      members: new Set(),
      floor: 0,
      nextFloor: 0,
      cursor: 0,
      sent: new Set(),
      counts: null,
      queue: Promise.resolve(),
      catchUpQueued: false,
    };
    // Starts at the account's newest pending notification: what is stored after it is live. Without that
    // position the bell cannot tell old from new, so its streams are closed (clients retry).
    bell.queue = selectLatestNotificationId(this.ctx.db, userId).then(
      (id) => {
        bell.floor = bell.nextFloor = bell.cursor = id;
      },
      (err: unknown) => {
        this.log.error({ err, userId }, 'notification stream: cannot read the notifications');
        if (this.groups.get(userId) === bell) this.groups.delete(userId);
        for (const res of bell.members) res.destroy();
        bell.members.clear();
      },
    );
    this.groups.set(userId, bell);
    return bell;
  }

  protected describe(bell: Bell): object {
    return { userId: bell.userId };
  }

  private async join(bell: Bell, res: ServerResponse, lastEventId: number | null): Promise<void> {
    if (!bell.members.has(res)) return;
    let position = bell.cursor;
    if (lastEventId !== null) {
      // What was stored after it and is still pending, up to where the bell's live messages start.
      for (let after = lastEventId; after < bell.cursor;) {
        const rows = await this.read(bell.userId, after);
        for (const row of rows) if (row.id <= bell.cursor) writeToStream(res, notificationMessage(row));
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.id;
      }
      position = Math.max(position, lastEventId);
    }
    // An id without data moves the client's Last-Event-ID to where its live messages start.
    writeToStream(res, `id: ${position}\n\n`);
    const counts = await this.readCounts(bell.userId);
    writeToStream(res, counts);
    bell.live.add(res);
    this.sendCounts(bell, counts, res);
  }

  private read(userId: number, afterId: number): Promise<NotificationRow[]> {
    return selectNotificationPage(this.ctx.db, { recipientId: userId, afterId, limit: PAGE });
  }

  private async readCounts(userId: number): Promise<string> {
    const [notifications, requests] = await Promise.all([
      notificationCount(this.ctx, userId),
      followRequestCount(this.ctx, userId),
    ]);
    return message({ type: 'counts', notifications: notifications.count, follow_requests: requests.count });
  }

  /** Sends the counts to the bell's tabs (but `except`, which has them) when they changed. */
  private sendCounts(bell: Bell, counts: string, except?: ServerResponse): void {
    if (counts === bell.counts) return;
    bell.counts = counts;
    for (const res of bell.live) if (res !== except) writeToStream(res, counts);
  }

  protected onDoorbell(text: string): void {
    for (const part of text.split(',')) {
      const bell = this.groups.get(Number(part));
      if (bell) this.requestCatchUp(bell);
    }
  }

  /** Sends what was stored since the bell last read, and the counts when they changed. */
  protected async catchUp(bell: Bell): Promise<void> {
    for (let after = bell.floor; ;) {
      const rows = await this.read(bell.userId, after);
      for (const row of rows) {
        if (bell.sent.has(row.id) || row.id <= bell.floor) continue;
        bell.sent.add(row.id);
        bell.cursor = Math.max(bell.cursor, row.id);
        const text = notificationMessage(row);
        for (const res of bell.live) writeToStream(res, text);
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
    this.sendCounts(bell, await this.readCounts(bell.userId));
  }

  private leave(bell: Bell, res: ServerResponse): void {
    this.streams.delete(res);
    bell.live.delete(res);
    bell.members.delete(res);
    if (bell.members.size === 0 && this.groups.get(bell.userId) === bell) this.groups.delete(bell.userId);
  }

  /**
   * Every heartbeat (15 s) each bell's floor moves up to what it had sent a heartbeat ago, and every fourth
   * each bell reads again (a doorbell lost in a crash between commit and publish, or notifications that went
   * with a deleted account).
   */
  protected onHeartbeat(): void {
    this.beats += 1;
    for (const bell of this.groups.values()) {
      bell.floor = Math.max(bell.floor, bell.nextFloor);
      bell.nextFloor = bell.cursor;
      for (const id of bell.sent) if (id <= bell.floor) bell.sent.delete(id);
      if (this.beats % SWEEP_EVERY === 0) this.requestCatchUp(bell);
    }
  }
}
