import {
  CalendarRangeIcon,
  ChevronsUpDownIcon,
  HomeIcon,
  ListVideoIcon,
  LogInIcon,
  MoonIcon,
  SearchIcon,
  SquarePenIcon,
  UserIcon,
  UserPlusIcon,
  type LucideIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { lazy } from '@/lib/lazy.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { LogoMark } from '@/components/logo.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { OnFirstUse } from '@/components/on-first-use.tsx';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { useMe } from '@/lib/current-user.ts';
import { F1DataCredit } from '@/features/races/components/f1-data-credit.tsx';
import { saveIntendedDestination } from '@/lib/intended-destination.ts';
import { useHydrated } from '@/hooks/use-hydrated.ts';
import { useIsSignedIn } from '@/lib/session.ts';
import { useTheme } from '@/lib/theme.ts';
import { useOpenAddReview } from './add-review-provider.tsx';

// The account menu is fetched when its button is first used.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));

const LOCKED_HINT_ID = 'sidebar-locked-hint';
const LOCKED_HINT = 'Sign in to access';

function isMac(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

export function AppSidebar({ onOpenSearch }: { onOpenSearch: () => void }) {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isMobile, setOpenMobile, state } = useSidebar();
  const collapsed = state === 'collapsed' && !isMobile;
  const openAddReview = useOpenAddReview();

  const closeMobile = () => {
    if (isMobile) setOpenMobile(false);
  };
  /** Spec §2: a locked item remembers where the visitor wanted to go, then asks them to sign in. */
  const signInFirst = (destination?: string) => {
    if (destination) saveIntendedDestination(destination);
    closeMobile();
    void navigate(paths.auth.login.getHref());
  };
  const isActive = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  // The server cannot know the reader's platform: Ctrl K until hydrated.
  const shortcut = useHydrated() && isMac() ? '⌘K' : 'Ctrl K';

  return (
    <>
      <Sidebar collapsible="icon">
        <SidebarHeader>
          <SidebarMenu>
            <SidebarMenuItem>
              <SidebarMenuButton
                asChild
                tooltip="Paddock"
                className="h-12 group-data-[collapsible=icon]:p-0! [&>svg]:size-8"
              >
                <Link to={paths.home.getHref()} onClick={closeMobile}>
                  <LogoMark />
                  <span className="grid leading-tight">
                    <span className="text-base font-bold tracking-tight">Paddock</span>
                    <span className="text-xs text-muted-foreground">F1 Reviews &amp; Stats</span>
                  </span>
                </Link>
              </SidebarMenuButton>
            </SidebarMenuItem>
          </SidebarMenu>
          {collapsed ? (
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton
                  tooltip={`Search (${shortcut})`}
                  aria-haspopup="dialog"
                  data-search-opener
                  onClick={onOpenSearch}
                >
                  <SearchIcon aria-hidden />
                  <span>Search</span>
                </SidebarMenuButton>
              </SidebarMenuItem>
            </SidebarMenu>
          ) : (
            <button
              type="button"
              onClick={() => {
                closeMobile();
                onOpenSearch();
              }}
              aria-haspopup="dialog"
              aria-keyshortcuts="Meta+K Control+K"
              data-search-opener
              className="flex h-9 w-full items-center gap-2 rounded-md border border-sidebar-border bg-background px-2.5 text-sm text-muted-foreground shadow-xs transition-colors outline-none hover:bg-sidebar-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            >
              <SearchIcon className="size-4" aria-hidden />
              <span className="flex-1 text-left">Search…</span>
              {/* A keyboard shortcut means nothing on a touch screen: not in the phone's sheet, nor where
                  the pointer is coarse (a finger). */}
              {!isMobile && (
                <kbd className="pointer-events-none rounded border bg-muted px-1.5 font-mono text-[10px] font-medium text-muted-foreground pointer-coarse:hidden">
                  {shortcut}
                </kbd>
              )}
            </button>
          )}
        </SidebarHeader>

        <SidebarContent>
          <span id={LOCKED_HINT_ID} hidden>
            {LOCKED_HINT}
          </span>
          <SidebarGroup>
            <SidebarGroupLabel>Navigation</SidebarGroupLabel>
            <SidebarMenu>
              <NavItem
                label="Home"
                href={paths.home.getHref()}
                icon={HomeIcon}
                active={isActive(paths.home.getHref())}
                onNavigate={closeMobile}
              />
              <NavItem
                label="Profile"
                href={paths.profile.getHref()}
                icon={UserIcon}
                active={pathname === paths.profile.getHref()}
                locked={!signedIn}
                onLockedClick={() => signInFirst(paths.profile.getHref())}
                onNavigate={closeMobile}
              />
              <NavItem
                label="Season Overview"
                href={paths.seasonOverview.getHref()}
                icon={CalendarRangeIcon}
                active={isActive(paths.seasonOverview.getHref())}
                locked={!signedIn}
                onLockedClick={() => signInFirst(paths.seasonOverview.getHref())}
                onNavigate={closeMobile}
              />
            </SidebarMenu>
          </SidebarGroup>

          <SidebarGroup>
            <SidebarGroupLabel>Actions</SidebarGroupLabel>
            {!signedIn && (
              <p className="px-2 pb-2 text-xs text-muted-foreground group-data-[collapsible=icon]:hidden">
                Sign in to access all features
              </p>
            )}
            <SidebarMenu>
              <SidebarMenuItem>
                <SidebarMenuButton
                  tooltip={signedIn ? 'Add a race review' : 'Sign in to access all features'}
                  tooltipWhen={signedIn ? 'collapsed' : 'always'}
                  className={signedIn ? undefined : 'text-muted-foreground'}
                  aria-haspopup={signedIn ? 'dialog' : undefined}
                  onClick={() => {
                    if (!signedIn) return signInFirst();
                    closeMobile();
                    openAddReview();
                  }}
                >
                  <SquarePenIcon aria-hidden />
                  <span>Add a race review</span>
                </SidebarMenuButton>
              </SidebarMenuItem>
              <NavItem
                label="Manage watchlists"
                href={paths.watchlists.getHref()}
                icon={ListVideoIcon}
                active={isActive(paths.watchlists.getHref())}
                locked={!signedIn}
                lockedHint="Sign in to access all features"
                onLockedClick={() => signInFirst(paths.watchlists.getHref())}
                onNavigate={closeMobile}
              />
              {me.data?.is_staff && (
                <NavItem
                  label="Moderation"
                  href={paths.moderation.getHref()}
                  icon={ShieldCheckIcon}
                  active={isActive(paths.moderation.getHref())}
                  onNavigate={closeMobile}
                />
              )}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>

        <SidebarFooter>
          <SidebarMenu>
            <SidebarMenuItem>
              <ThemeToggle />
            </SidebarMenuItem>
          </SidebarMenu>
          {signedIn ? (
            <UserMenu onNavigate={closeMobile} />
          ) : (
            <GuestActions collapsed={collapsed} onNavigate={closeMobile} />
          )}
          <F1DataCredit />
        </SidebarFooter>
      </Sidebar>
    </>
  );
}

function NavItem({
  label,
  href,
  icon: Icon,
  active,
  locked = false,
  lockedHint = LOCKED_HINT,
  onLockedClick,
  onNavigate,
}: {
  label: string;
  href: string;
  icon: LucideIcon;
  active: boolean;
  locked?: boolean;
  lockedHint?: string;
  onLockedClick?: () => void;
  onNavigate: () => void;
}) {
  if (locked) {
    return (
      <SidebarMenuItem>
        <SidebarMenuButton
          tooltip={lockedHint}
          tooltipWhen="always"
          data-locked="true"
          className="text-muted-foreground"
          aria-describedby={LOCKED_HINT_ID}
          onClick={onLockedClick}
        >
          <Icon aria-hidden />
          <span>{label}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    );
  }
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={label}>
        <Link to={href} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
          <Icon aria-hidden />
          <span>{label}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <SidebarMenuButton role="switch" aria-checked={dark} tooltip="Dark mode" onClick={toggleTheme}>
      <MoonIcon aria-hidden />
      <span className="flex flex-1 items-center justify-between gap-2">
        Dark mode
        <span
          aria-hidden
          className="relative h-4 w-7 rounded-full bg-sidebar-border transition-colors data-[on=true]:bg-primary"
          data-on={dark}
        >
          <span
            className="absolute top-0.5 left-0.5 size-3 rounded-full bg-background shadow-sm transition-transform data-[on=true]:translate-x-3"
            data-on={dark}
          />
        </span>
      </span>
    </SidebarMenuButton>
  );
}

function UserMenu({ onNavigate }: { onNavigate: () => void }) {
  const me = useMe();
  const user = me.data;
  const displayName = user ? user.name || user.username : me.isError ? 'Your account' : '';
  // WCAG 2.5.3: the name starts with what the button shows (name, then @handle), then says what it opens.
  const accountLabel = user
    ? `${displayName} @${user.username}, account menu`
    : displayName
      ? `${displayName} menu`
      : 'Account menu';

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <OnFirstUse
          trigger={
            <SidebarMenuButton
              tooltip="Account"
              aria-label={accountLabel}
              aria-haspopup="menu"
              className="h-12 pl-12 group-data-[collapsible=icon]:p-0! data-[state=open]:bg-sidebar-accent"
            >
              <span className="grid min-w-0 flex-1 text-left leading-tight group-data-[collapsible=icon]:hidden">
                {me.isPending ? (
                  <Skeleton className="h-3.5 w-24" />
                ) : (
                  <bdi className="truncate font-medium">{displayName}</bdi>
                )}
                {user && <span className="truncate text-xs text-muted-foreground">@{user.username}</span>}
              </span>
              <ChevronsUpDownIcon className="ml-auto size-4 group-data-[collapsible=icon]:hidden" aria-hidden />
            </SidebarMenuButton>
          }
        >
          {(trigger) => <AccountMenu trigger={trigger} user={user} displayName={displayName} onNavigate={onNavigate} />}
        </OnFirstUse>
        {/* The avatar lies over the button rather than in it: its initials picture the name and are no part
            of the button's text, which WCAG 2.5.3 wants inside the button's name. */}
        <span
          aria-hidden
          className="pointer-events-none absolute top-2 left-2 group-data-[collapsible=icon]:top-0 group-data-[collapsible=icon]:left-0"
        >
          {user ? <UserAvatar user={user} className="size-8" /> : <Skeleton className="size-8 rounded-full" />}
        </span>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}

function GuestActions({ collapsed, onNavigate }: { collapsed: boolean; onNavigate: () => void }) {
  if (collapsed) {
    return (
      <SidebarMenu>
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip="Sign Up">
            <Link to={paths.auth.register.getHref()}>
              <UserPlusIcon aria-hidden />
              <span>Sign Up</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
        <SidebarMenuItem>
          <SidebarMenuButton asChild tooltip="Sign In">
            <Link to={paths.auth.login.getHref()}>
              <LogInIcon aria-hidden />
              <span>Sign In</span>
            </Link>
          </SidebarMenuButton>
        </SidebarMenuItem>
      </SidebarMenu>
    );
  }
  return (
    <div className="grid gap-2">
      <Button asChild>
        <Link to={paths.auth.register.getHref()} onClick={onNavigate}>
          Sign Up
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to={paths.auth.login.getHref()} onClick={onNavigate}>
          Sign In
        </Link>
      </Button>
    </div>
  );
}
