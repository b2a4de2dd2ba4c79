import { Share2Icon } from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { MenuIconButton, OnFirstUse } from '@/components/on-first-use.tsx';

const ShareMenu = lazy(() => import('./review-share-menu-open.tsx').then((m) => ({ default: m.ReviewShareMenuOpen })));

/** Spec §2 share menu: Copy Link, Share, Open in New Tab, all for {origin}/review/{id}. */
export function ReviewShareMenu({ reviewId, title }: { reviewId: number; title: string }) {
  return (
    <OnFirstUse
      trigger={
        <MenuIconButton label="Share review" className="size-8">
          <Share2Icon aria-hidden />
        </MenuIconButton>
      }
    >
      {(trigger) => <ShareMenu reviewId={reviewId} title={title} trigger={trigger} />}
    </OnFirstUse>
  );
}
