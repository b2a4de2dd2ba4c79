import { ExternalLinkIcon, LinkIcon, Share2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { copyReviewLink, openReviewInNewTab, shareReview } from '../utils/share.ts';

/** Spec §2 share menu: Copy Link, Share, Open in New Tab, all for {origin}/review/{id}. */
export function ReviewShareMenu({ reviewId, title }: { reviewId: number; title: string }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8 text-muted-foreground"
          aria-label="Share review"
          onClick={(event) => event.stopPropagation()}
        >
          <Share2Icon aria-hidden />
        </Button>
      </DropdownMenuTrigger>
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
