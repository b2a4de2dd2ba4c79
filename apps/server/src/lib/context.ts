import type { Db } from '../db/client.ts';
import type { EventBus } from './events.ts';

/**
 * What every service function takes first: the database and the event seam. Services are plain
 * functions `(ctx, viewer, input)`; they open transactions and emit events after they commit.
 * Functions meant to run inside another module's transaction take the transaction (`tx: Db`) instead.
 */
export interface ServiceContext {
  db: Db;
  events: EventBus;
}

/** The signed-in user's id, or null for a guest. */
export type Viewer = number | null;

/**
 * A signed-in reader as the spoiler shield sees them (decision 033): their id, and the races whose spoilers
 * they revealed for this browser session (the X-Spoilers-Revealed header, sorted; nothing of it is stored).
 */
export interface Reader {
  id: number;
  revealed: readonly number[];
}
