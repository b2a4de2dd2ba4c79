import type { UserRef } from '@paddock/contract/users';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/*
 * What members write, shown isolated from what surrounds it (decision 021). A name or a list's name is
 * a <bdi>; a body (review, comment, thought, bio, description) is its own paragraph with dir="auto".
 * Either way its direction comes from its own first strong letter, and a right-to-left override or an
 * embedding left open inside it ends where it ends: it cannot reverse the author line, the @handle, a
 * time or a button beside it.
 */

type Named = Pick<UserRef, 'name' | 'username'>;

/** The name a member goes by: their display name, else their username. For labels and titles. */
export function displayNameOf(user: Named): string {
  return user.name || user.username;
}

/** Text a member wrote, inline and isolated: a name, a watchlist's name, a message naming someone. */
export function UserText({ className, ...props }: ComponentProps<'bdi'>) {
  return <bdi className={className} {...props} />;
}

/** A member's display name (else their username), isolated. */
export function UserName({ user, className }: { user: Named; className?: string }) {
  return <UserText className={className}>{displayNameOf(user)}</UserText>;
}

/**
 * A member's text of several lines, as its own paragraph: lines kept, long words broken, direction
 * from its first strong letter. A control inside it (a 'read more' link) takes a `dir` of its own, which
 * isolates it too, so that the text cannot turn it around either.
 */
export function UserParagraph({ className, ...props }: ComponentProps<'p'>) {
  return <p dir="auto" className={cn('break-words whitespace-pre-line', className)} {...props} />;
}
