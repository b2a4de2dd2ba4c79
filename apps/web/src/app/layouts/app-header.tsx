import { SearchIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LogoMark } from '@/components/logo.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Separator } from '@/components/ui/separator.tsx';
import { SidebarTrigger } from '@/components/ui/sidebar.tsx';
import { paths } from '@/config/paths.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useIsSignedIn } from '@/lib/session.ts';

export function AppHeader({ onOpenSearch }: { onOpenSearch: () => void }) {
  const signedIn = useIsSignedIn();
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur-md sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-5" />
      <Link
        to={paths.home.getHref()}
        className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LogoMark className="size-6 md:hidden" />
        Paddock
      </Link>
      <div className="ml-auto flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Search"
          aria-haspopup="dialog"
          data-search-opener
          onClick={onOpenSearch}
        >
          <SearchIcon aria-hidden />
        </Button>
        {signedIn && <NotificationBell />}
      </div>
    </header>
  );
}
