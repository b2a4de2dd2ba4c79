import { Share2Icon } from 'lucide-react';
import { lazy } from 'react';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import { Button } from '@/components/ui/button.tsx';

const ShareMenu = lazy(() => import('./review-share-menu-open.tsx').then((m) => ({ default: m.ReviewShareMenuOpen })));

/** Spec §2 share menu: Copy Link, Share, Open in New Tab, all for {origin}/review/{id}. */
export function ReviewShareMenu({ reviewId, title }: { reviewId: number; title: string }) {
  return (
    <OnFirstUse
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label="Share review"
          aria-haspopup="menu"
          onClick={(event) => event.stopPropagation()}
        >
          <Share2Icon aria-hidden />
        </Button>
      }
    >
      {(trigger) => <ShareMenu reviewId={reviewId} title={title} trigger={trigger} />}
    </OnFirstUse>
  );
}
