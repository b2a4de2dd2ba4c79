import { COMMENT_MAX } from '@paddock/contract/limits';
import { SendIcon } from 'lucide-react';
import { Suspense } from 'react';
import { lazy } from '@/lib/lazy.ts';
import { SignInPrompt } from '@/components/sign-in-prompt.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useIsSignedIn } from '@/lib/session.ts';
import type { CommentComposerProps } from './comment-composer-form.tsx';
import { COMPOSER_HINT, COMPOSER_PLACE_CLASS, COMPOSER_TEXTAREA_CLASS, composerPlaceholder } from './composer-look.ts';

// The form (react-hook-form) is only for a signed-in reader: it loads when first drawn, outside the page's first load.
const CommentComposerForm = lazy(() =>
  import('./comment-composer-form.tsx').then((m) => ({ default: m.CommentComposerForm })),
);

/** Writes a comment, or a reply with `isReply` (comment-composer-form.tsx); its place is held while it loads. */
export function CommentComposer(props: CommentComposerProps) {
  return (
    <Suspense fallback={<ComposerPlaceholder isReply={props.isReply} />}>
      <CommentComposerForm {...props} />
    </Suspense>
  );
}

/** The composer's look while its form loads: inert, so nothing typed into it is lost. */
function ComposerPlaceholder({ isReply = false }: { isReply?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-2" aria-hidden inert>
      <div className="flex items-end gap-2">
        <Textarea
          rows={1}
          maxLength={COMMENT_MAX}
          placeholder={composerPlaceholder(isReply)}
          className={COMPOSER_TEXTAREA_CLASS}
          readOnly
          tabIndex={-1}
        />
        <Button type="button" size="icon" disabled tabIndex={-1}>
          <SendIcon aria-hidden />
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{COMPOSER_HINT}</p>
    </div>
  );
}

/** Where a thread takes a new comment: the composer for a signed-in user, the reason to sign in for a guest. */
export function NewCommentComposer({ onSubmit }: { onSubmit: (comment: string) => Promise<unknown> }) {
  const signedIn = useIsSignedIn();
  return signedIn ? (
    <CommentComposer onSubmit={onSubmit} />
  ) : (
    <SignInPrompt message="Please log in to comment" className={COMPOSER_PLACE_CLASS} />
  );
}
