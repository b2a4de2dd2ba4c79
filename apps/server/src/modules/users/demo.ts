import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { unusablePasswordHash } from '../auth/passwords.ts';

interface DemoUser {
  username: string;
  name: string;
  bio: string;
  isPrivate?: boolean;
}

/** Marked as demo in name, bio and users.is_demo, so nobody mistakes them for real members. */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo_lena',
    name: 'Demo · Lena Fischer',
    bio: 'Demo account. Tifosa since Imola 2005, rates every race she watches.',
  },
  {
    username: 'demo_marco',
    name: 'Demo · Marco Rossi',
    bio: 'Demo account. Strategy nerd: undercuts, overcuts and tyre deltas.',
  },
  { username: 'demo_aiko', name: 'Demo · Aiko Tanaka', bio: 'Demo account. Suzuka regular, loves a wet qualifying.' },
  {
    username: 'demo_sam',
    name: 'Demo · Sam Okafor',
    bio: 'Demo account. Watches from the grandstands whenever possible.',
  },
  {
    username: 'demo_noor',
    name: 'Demo · Noor Haddad',
    bio: 'Demo account (private). Shows how follow requests work.',
    isPrivate: true,
  },
];

/** [follower, followed, status] */
const DEMO_FOLLOWS: ReadonlyArray<readonly [string, string, 'accepted' | 'pending']> = [
  ['demo_lena', 'demo_marco', 'accepted'],
  ['demo_marco', 'demo_lena', 'accepted'],
  ['demo_aiko', 'demo_lena', 'accepted'],
  ['demo_sam', 'demo_aiko', 'accepted'],
  ['demo_lena', 'demo_noor', 'accepted'],
  ['demo_sam', 'demo_noor', 'pending'],
];

/**
 * Creates the demo community on first start, unless any demo user exists (also one an admin kept
 * after deleting the others). Nobody can sign in to these accounts: their passwords are unusable.
 * Returns whether it created anything.
 */
export async function seedDemoUsers(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isDemo, true)).limit(1);
  if (existing) return false;

  return db.transaction(async (tx) => {
    // Two instances starting at once both get here; the unique indexes let only one insert.
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          username: u.username,
          email: `${u.username}@demo.paddock.invalid`,
          name: u.name,
          bio: u.bio,
          isPrivate: u.isPrivate ?? false,
          isDemo: true,
          passwordHash: unusablePasswordHash(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, username: users.username });
    if (created.length !== DEMO_USERS.length) {
      // Some names are taken (by real users or a concurrent seed): keep only a complete community.
      if (created.length > 0)
        await tx.delete(users).where(
          inArray(
            users.id,
            created.map((u) => u.id),
          ),
        );
      return false;
    }
    const ids = new Map(created.map((u) => [u.username, u.id]));
    const idOf = (username: string) => {
      const id = ids.get(username);
      if (id === undefined) throw new Error(`demo follow names an unknown demo user: ${username}`);
      return id;
    };
    await tx
      .insert(follows)
      .values(DEMO_FOLLOWS.map(([from, to, status]) => ({ followerId: idOf(from), followingId: idOf(to), status })));
    return true;
  });
}
