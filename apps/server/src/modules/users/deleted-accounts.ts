import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import type { LiveBus } from '../../lib/live-bus.ts';
import { selectAccountExists, selectAccountsDeletedSince } from './queries.ts';

/*
 * The accounts deleted lately, kept by each instance (decision 032), so that a deleted account's access
 * tokens stop working at once without a database read on every signed-in request. The tokens live
 * ACCESS_TOKEN_MINUTES, so only the accounts deleted within that time matter. A deletion rings a doorbell
 * on the live bus; every instance then reads the list again from the database, as it does when it starts
 * and after its bus was disconnected. While the list is not known to be complete (not read yet, or the bus
 * unreliable), the account is read from the database on each request instead.
 */

const CHANNEL = 'accounts-deleted';

export class DeletedAccounts {
  private ids: ReadonlySet<number> = new Set();
  private known = false;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly bus: LiveBus,
    private readonly lifetimeMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Listens for deletions, then reads the list. */
  async start(): Promise<void> {
    this.stop = await this.bus.subscribe(CHANNEL, {
      message: () => void this.read(),
      resync: () => void this.read(),
    });
    await this.read();
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  private async read(): Promise<void> {
    try {
      this.ids = new Set(await selectAccountsDeletedSince(this.db, new Date(clock.now() - this.lifetimeMs)));
      this.known = true;
    } catch (err) {
      this.known = false;
      this.log.warn({ err }, 'deleted accounts: cannot read the list; accounts are read per request meanwhile');
    }
  }

  /** Whether the account of a valid access token is gone. */
  async isDeleted(userId: number): Promise<boolean> {
    if (this.known && this.bus.reliable) return this.ids.has(userId);
    return !(await selectAccountExists(this.db, userId));
  }

  /** After a deletion's commit: refused here at once, then on every other instance. */
  async announce(userId: number): Promise<void> {
    this.ids = new Set([...this.ids, userId]);
    await this.bus.publish(CHANNEL, String(userId)).catch((err: unknown) => {
      this.log.warn({ err, userId }, 'deleted accounts: cannot tell the other instances');
    });
  }
}
