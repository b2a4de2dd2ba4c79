import type { RelationListItem } from '@paddock/contract/follows';
import { BanIcon, VolumeXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadMoreButton } from '@/components/load-more-button.tsx';
import { pagedListPlaceholder } from '@/components/query-states.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName } from '@/components/user-text.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAccountAction, useRelationList, type RelationKind } from '@/lib/relations.ts';

const TEXTS: Record<RelationKind, { empty: string; description: string; undo: string }> = {
  block: {
    empty: 'You have not blocked anyone.',
    description:
      'Blocked accounts cannot follow you, see what you write or interact with it, and you do not see theirs.',
    undo: 'Unblock',
  },
  mute: {
    empty: 'You have not muted anyone.',
    description: 'What muted accounts write stays out of your feeds, lists and notifications. They are not told.',
    undo: 'Unmute',
  },
};

/** The accounts the viewer blocked or muted, newest first, each with the way back. */
export function RelationList({ kind }: { kind: RelationKind }) {
  const query = useRelationList(kind);
  const texts = TEXTS[kind];
  const rows = query.data?.pages.flatMap((page) => page.results) ?? [];
  const placeholder = pagedListPlaceholder(query, rows.length, {
    loading: kind === 'block' ? 'Loading blocked accounts' : 'Loading muted accounts',
    error: 'The list could not be loaded',
    rowClassName: 'h-12',
  });
  if (placeholder) return placeholder;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{texts.description}</p>
      {rows.length === 0 ? (
        <EmptyState icon={kind === 'block' ? BanIcon : VolumeXIcon} title={texts.empty} className="py-8" />
      ) : (
        <ul className="grid divide-y rounded-xl border">
          {rows.map((row) => (
            <RelationRow key={row.user.id} kind={kind} row={row} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} />
    </div>
  );
}

function RelationRow({ kind, row }: { kind: RelationKind; row: RelationListItem }) {
  const { act, pending } = useAccountAction(row.user);
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <UserAvatar user={row.user} className="size-10" />
      <div className="grid min-w-0 flex-1">
        <Link to={paths.userProfile.getHref(row.user.username)} className="truncate font-medium hover:underline">
          <UserName user={row.user} />
        </Link>
        <span className="truncate text-sm text-muted-foreground">@{row.user.username}</span>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={`${TEXTS[kind].undo} @${row.user.username}`}
        onClick={() => act(kind, false)}
      >
        {TEXTS[kind].undo}
      </Button>
    </li>
  );
}
