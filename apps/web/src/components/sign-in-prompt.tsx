import { LogInIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { saveIntendedDestination } from '@/lib/intended-destination.ts';
import { cn } from '@/lib/utils.ts';

/** Where a guest would write (a comment, a race thought): the reason to sign in and a Sign In link back here. */
export function SignInPrompt({ message, className }: { message: string; className?: string }) {
  const location = useLocation();
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-sm',
        className,
      )}
    >
      <p className="text-muted-foreground">{message}</p>
      <Button asChild size="sm" variant="outline">
        <Link
          to={paths.auth.login.getHref()}
          onClick={() => saveIntendedDestination(`${location.pathname}${location.search}${location.hash}`)}
        >
          <LogInIcon aria-hidden />
          Sign In
        </Link>
      </Button>
    </div>
  );
}
