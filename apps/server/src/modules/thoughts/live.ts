import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FollowStatus } from '@paddock/contract';
import type { ServiceContext, Viewer } from '../../lib/context.ts';
import { startEventStream, StreamHub, writeToStream, type StreamGroup } from '../../lib/event-stream.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { hiddenAuthorIds } from '../follows/service.ts';
import { selectEvents, selectFollowingIds, selectLastEventId, type EventRow } from './queries.ts';
import { pruneLiveLog } from './service.ts';

/*
 * The live streams of race thoughts on this instance (decision 013). The race's live log
 * (thought_events) is the source of truth; the bus only rings a doorbell ("race 12 has event 345").
 * Each race with viewers here is a room holding how far it has read the log; on a doorbell it reads
 * what follows, once for all its viewers, and writes each event to every connection allowed to see its
 * thought's author, serialized once per distinct rendering (follow statuses), not per connection.
 */

export const THOUGHTS_CHANNEL = 'paddock_thought_events';
const PRUNE_EVERY_MS = 3_600_000;
const PAGE = 500;

interface Connection {
  viewer: Viewer;
  /** Accounts the viewer follows (accepted), read once at connect. */
  following: Set<number>;
  /** Accounts blocked either way or muted by the viewer, read once at connect: their events are left out. */
  hidden: Set<number>;
  /** The last event id this connection has been given or skipped. */
  after: number;
  res: ServerResponse;
}

interface Room extends StreamGroup {
  raceId: number;
  /** Every event up to here has been dispatched to the live connections. */
  cursor: number;
  /** Connections receiving live events, and all of the room's connections (some still replaying). */
  live: Set<Connection>;
  members: Set<Connection>;
}

interface Rendered {
  row: EventRow;
  userIds: number[];
  frames: Map<string, string>;
}

/** The ids of the users shown in an event (objects with a follow_status). */
function usersIn(value: unknown, into = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) usersIn(v, into);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if ('follow_status' in o && typeof o.id === 'number') into.add(o.id);
    for (const v of Object.values(o)) if (v && typeof v === 'object') usersIn(v, into);
  }
  return into;
}

const statusOf = (conn: Connection, userId: number): FollowStatus =>
  userId === conn.viewer ? 'self' : conn.following.has(userId) ? 'following' : 'none';

/** `userIds`: the people the event shows (a comment's author beside the thought's). */
const visibleTo = (conn: Connection, row: EventRow, userIds: readonly number[]) =>
  (!row.author_private || row.author_id === conn.viewer || conn.following.has(row.author_id)) &&
  (conn.hidden.size === 0 || (!conn.hidden.has(row.author_id) && !userIds.some((id) => conn.hidden.has(id))));

/** One SSE message: `id`, `event` and one line of JSON, with the viewer's follow statuses put back in. */
function frame(row: EventRow, status: (userId: number) => FollowStatus): string {
  const data = JSON.stringify(row.payload, function (this: Record<string, unknown>, key, value: unknown) {
    return key === 'follow_status' && typeof this.id === 'number' ? status(this.id) : value;
  });
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${data}\n\n`;
}

export class ThoughtsHub extends StreamHub<Room> {
  constructor(
    private readonly ctx: ServiceContext,
    bus: LiveBus,
    log: FastifyBaseLogger,
  ) {
    super(THOUGHTS_CHANNEL, bus, log);
  }

  /** Subscribes to the doorbells, and prunes the live log now and every hour. */
  override async start(): Promise<void> {
    await super.start([{ every: PRUNE_EVERY_MS, run: () => void this.prune() }]);
    void this.prune();
  }

  /** After a write committed: tells every instance (this one included) that the race's log grew. */
  async publish(raceId: number, eventId: number): Promise<void> {
    await this.bus.publish(THOUGHTS_CHANNEL, `${raceId}:${eventId}`);
  }

  /**
   * Turns the request into an event stream for the race (whose existence the caller checked). With
   * `lastEventId`, everything of the race after it is replayed first, then live events follow.
   */
  async open(reply: FastifyReply, o: { raceId: number; viewer: Viewer; lastEventId: number | null }): Promise<void> {
    const [following, hidden] =
      o.viewer === null
        ? [new Set<number>(), new Set<number>()]
        : await Promise.all([
            selectFollowingIds(this.ctx.db, o.viewer).then((ids) => new Set(ids)),
            hiddenAuthorIds(this.ctx, o.viewer).then((ids) => new Set(ids)),
          ]);
    const res = startEventStream(reply);
    if (this.closed) {
      res.end();
      return;
    }
    const conn: Connection = { viewer: o.viewer, following, hidden, after: o.lastEventId ?? 0, res };
    this.streams.add(res);
    const room = this.roomFor(o.raceId);
    room.members.add(conn);
    res.on('close', () => this.leave(room, conn));
    res.on('error', () => this.leave(room, conn));
    try {
      await this.join(room, conn, o.lastEventId !== null);
    } catch (err) {
      this.log.error({ err }, 'live thoughts: could not start a stream');
      res.destroy();
    }
  }

  private roomFor(raceId: number): Room {
    let room = this.groups.get(raceId);
    if (!room) {
      const created: Room = {
        raceId,
        cursor: 0,
        live: new Set(),
        members: new Set(),
        queue: Promise.resolve(),
        catchUpQueued: false,
      };
      // Starts at the race's latest event: live connections get what is logged after it. Without that
      // position the room cannot tell old from new, so its streams are closed (clients retry).
      created.queue = selectLastEventId(this.ctx.db, raceId).then(
        (id) => {
          created.cursor = id;
        },
        (err: unknown) => {
          this.log.error({ err, raceId }, 'live thoughts: cannot read the live log');
          if (this.groups.get(raceId) === created) this.groups.delete(raceId);
          for (const conn of created.members) conn.res.destroy();
          created.members.clear();
        },
      );
      this.groups.set(raceId, created);
      room = created;
    }
    return room;
  }

  protected describe(room: Room): object {
    return { raceId: room.raceId };
  }

  private async join(room: Room, conn: Connection, replay: boolean): Promise<void> {
    // The bulk of a replay is read outside the room's queue, so one client catching up on a day of
    // events does not hold up everyone else's live events.
    if (replay) await this.replay(room.raceId, conn, undefined);
    await this.enqueue(room, async () => {
      if (!room.members.has(conn)) return;
      if (replay) await this.replay(room.raceId, conn, room.cursor);
      conn.after = Math.max(conn.after, room.cursor);
      // An id without data moves the client's Last-Event-ID to where its live events start.
      this.write(conn, `id: ${conn.after}\n\n`);
      room.live.add(conn);
    });
  }

  /** Sends one connection the race's events after its position (up to `upTo`), in pages. */
  private async replay(raceId: number, conn: Connection, upTo: number | undefined): Promise<void> {
    for (;;) {
      if (upTo !== undefined && conn.after >= upTo) return;
      const rows = await selectEvents(this.ctx.db, { raceId, afterId: conn.after, upToId: upTo, limit: PAGE });
      for (const row of rows) {
        if (visibleTo(conn, row, [...usersIn(row.payload)]))
          this.write(
            conn,
            frame(row, (id) => statusOf(conn, id)),
          );
        conn.after = row.id;
      }
      if (rows.length < PAGE || conn.res.destroyed) return;
    }
  }

  protected onDoorbell(message: string): void {
    const [race, event] = message.split(':').map(Number);
    const room = race === undefined ? undefined : this.groups.get(race);
    if (!room || (event !== undefined && event <= room.cursor)) return;
    this.requestCatchUp(room);
  }

  /** Reads what follows the room's cursor and dispatches it. */
  protected async catchUp(room: Room): Promise<void> {
    for (;;) {
      const rows = await selectEvents(this.ctx.db, { raceId: room.raceId, afterId: room.cursor, limit: PAGE });
      for (const row of rows) this.dispatch(room, row);
      if (rows.length < PAGE) return;
    }
  }

  private dispatch(room: Room, row: EventRow): void {
    room.cursor = row.id;
    const rendered: Rendered = { row, userIds: [...usersIn(row.payload)], frames: new Map() };
    for (const conn of room.live) {
      if (row.id <= conn.after) continue;
      conn.after = row.id;
      if (!visibleTo(conn, row, rendered.userIds)) continue;
      // Connections that see the event's people the same way share one serialization.
      const key = rendered.userIds.map((id) => statusOf(conn, id)[0]).join('');
      let text = rendered.frames.get(key);
      if (text === undefined) {
        text = frame(row, (id) => statusOf(conn, id));
        rendered.frames.set(key, text);
      }
      this.write(conn, text);
    }
  }

  private write(conn: Connection, text: string): void {
    writeToStream(conn.res, text);
  }

  private leave(room: Room, conn: Connection): void {
    this.streams.delete(conn.res);
    room.live.delete(conn);
    room.members.delete(conn);
    if (room.members.size === 0 && this.groups.get(room.raceId) === room) this.groups.delete(room.raceId);
  }

  /** Every heartbeat each room reads its log, in case a doorbell was lost (a crash between commit and publish). */
  protected onHeartbeat(): void {
    for (const room of this.groups.values()) this.requestCatchUp(room);
  }

  private async prune(): Promise<void> {
    try {
      const n = await pruneLiveLog(this.ctx);
      if (n > 0) this.log.info({ events: n }, 'live thoughts: pruned old events');
    } catch (err) {
      this.log.warn({ err }, 'live thoughts: pruning failed');
    }
  }
}
