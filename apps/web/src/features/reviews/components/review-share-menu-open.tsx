import { ExternalLinkIcon, LinkIcon, Share2Icon } from 'lucide-react';
import type { ReactElement } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { copyReviewLink, openReviewInNewTab, shareReview } from '../utils/share.ts';

/** The share menu itself, loaded on its button's first use (review-share-menu.tsx) and open at once. */
export function ReviewShareMenuOpen({
  reviewId,
  title,
  trigger,
}: {
  reviewId: number;
  title: string;
  trigger: ReactElement;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" onClick={(event) => event.stopPropagation()}>
        <DropdownMenuItem onSelect={() => void copyReviewLink(reviewId)}>
          <LinkIcon aria-hidden />
          Copy Link
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void shareReview(reviewId, title)}>
          <Share2Icon aria-hidden />
          Share
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => openReviewInNewTab(reviewId)}>
          <ExternalLinkIcon aria-hidden />
          Open in New Tab
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
