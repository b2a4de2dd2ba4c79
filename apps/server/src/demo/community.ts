import type { ServiceContext } from '../lib/context.ts';
import { HttpError } from '../lib/errors.ts';
import { unusablePasswordHash } from '../modules/auth/passwords.ts';
import { acceptRequest, follow } from '../modules/follows/service.ts';
import { createAccount, demoCommunityExists } from '../modules/users/service.ts';

/*
 * The demo community: a handful of clearly marked accounts that give every screen content on a fresh
 * start. It sits above the modules and goes through their services, so it follows the same rules
 * (counters, requests to private accounts, events) as real members.
 */

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
  {
    username: 'demo_aiko',
    name: 'Demo · Aiko Tanaka',
    bio: 'Demo account. Suzuka regular, loves a wet qualifying.',
  },
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

/** [follower, followed]; a follow of the private account is a request, accepted where the third item says so. */
const DEMO_FOLLOWS: ReadonlyArray<readonly [string, string, 'accept'?]> = [
  ['demo_lena', 'demo_marco'],
  ['demo_marco', 'demo_lena'],
  ['demo_aiko', 'demo_lena'],
  ['demo_sam', 'demo_aiko'],
  ['demo_lena', 'demo_noor', 'accept'],
  ['demo_sam', 'demo_noor'],
];

/**
 * Creates the demo community on first start, unless any demo account exists (also one an admin kept
 * after deleting the others). Nobody can sign in to these accounts: their passwords are unusable.
 * The first account is the claim: of two instances starting at once, the one that cannot create it
 * leaves the rest to the other. Returns whether it created the community.
 */
export async function seedDemoCommunity(ctx: ServiceContext): Promise<boolean> {
  if (await demoCommunityExists(ctx)) return false;
  const ids = new Map<string, number>();
  for (const u of DEMO_USERS) {
    try {
      const id = await createAccount(ctx.db, {
        username: u.username,
        email: `${u.username}@demo.paddock.invalid`,
        name: u.name,
        bio: u.bio,
        isPrivate: u.isPrivate ?? false,
        isDemo: true,
        passwordHash: unusablePasswordHash(),
      });
      ids.set(u.username, id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // The first name taken: another instance is seeding (or did). A later one taken by a real member:
      // that account is left out.
      if (ids.size === 0) return false;
    }
  }
  for (const [from, to, answer] of DEMO_FOLLOWS) {
    const [fromId, toId] = [ids.get(from), ids.get(to)];
    if (fromId === undefined || toId === undefined) continue;
    await follow(ctx, fromId, toId);
    if (answer === 'accept') await acceptRequest(ctx, toId, fromId);
  }
  return true;
}
