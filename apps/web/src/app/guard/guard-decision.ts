import { paths } from '@/config/paths.ts';

export interface GuardDecision {
  to: string;
  toast: { type: 'error' | 'info'; title: string; description: string };
}

/** The three outcomes of spec §2 "Access guard" with the toast texts of §8. */
export const GUARD_DECISIONS = {
  internal: {
    to: paths.auth.login.getHref(),
    toast: {
      type: 'error',
      title: 'Please log in to access this page',
      description: 'You need to be authenticated to view this content',
    },
  },
  external: {
    to: paths.auth.register.getHref(),
    toast: {
      type: 'info',
      title: 'Welcome to Paddock!',
      description: 'Please create an account to access this content',
    },
  },
  unknown: {
    to: paths.auth.login.getHref(),
    toast: { type: 'error', title: 'Authentication required', description: 'Please log in to continue' },
  },
} as const satisfies Record<string, GuardDecision>;

/**
 * Where a guest who reached a guarded page goes. A visitor from a page on this host is likely a member
 * who is signed out, so they get the login page; anyone else is invited to register.
 * Client-side navigation does not update document.referrer, so arriving from another page of the app
 * counts as an internal referrer too.
 */
export function decideGuardRedirect(input: {
  readReferrer: () => string;
  host: string;
  cameFromApp: boolean;
}): GuardDecision {
  try {
    if (input.cameFromApp) return GUARD_DECISIONS.internal;
    const referrer = input.readReferrer();
    if (!referrer) return GUARD_DECISIONS.external;
    let url: URL;
    try {
      url = new URL(referrer);
    } catch {
      console.warn('Access guard: unparseable referrer, treating it as external:', referrer);
      return GUARD_DECISIONS.external;
    }
    return url.host === input.host ? GUARD_DECISIONS.internal : GUARD_DECISIONS.external;
  } catch {
    return GUARD_DECISIONS.unknown;
  }
}
