import { RotateCwIcon, SearchXIcon, TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from './empty-state.tsx';
import { Button } from './ui/button.tsx';

/** A page whose subject does not exist (an unknown id in the URL). */
export function NotFoundState({ title, description }: { title: string; description?: string }) {
  return (
    <EmptyState
      icon={SearchXIcon}
      title={title}
      description={description ?? 'It may have been removed, or the link is mistyped.'}
    >
      <Button asChild variant="outline">
        <Link to="/home">Go to Home</Link>
      </Button>
    </EmptyState>
  );
}

/** A page whose data could not be loaded; retrying usually helps. */
export function LoadErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <EmptyState icon={TriangleAlertIcon} title={title} description="Please check your connection and try again.">
      <Button variant="outline" onClick={onRetry}>
        <RotateCwIcon aria-hidden />
        Try again
      </Button>
    </EmptyState>
  );
}
