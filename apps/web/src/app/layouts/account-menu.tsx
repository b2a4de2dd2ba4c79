import type { CurrentUser } from '@paddock/contract/users';
import { LogOutIcon, UserIcon } from 'lucide-react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { useSidebar } from '@/components/ui/sidebar.tsx';
import { paths } from '@/config/paths.ts';
import { useLogout } from '@/features/auth/api/logout.ts';

/** The sidebar's account menu, loaded on its button's first use (app-sidebar.tsx) and open at once. */
export function AccountMenu({
  trigger,
  user,
  displayName,
  onNavigate,
}: {
  trigger: ReactElement;
  user: CurrentUser | undefined;
  displayName: string;
  onNavigate: () => void;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  const { isMobile } = useSidebar();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side={isMobile ? 'top' : 'right'} align="end" className="w-56">
        {user && (
          <>
            <DropdownMenuLabel className="grid leading-tight font-normal">
              <bdi className="truncate font-medium">{displayName}</bdi>
              <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
          </>
        )}
        <DropdownMenuItem
          onSelect={() => {
            onNavigate();
            void navigate(paths.profile.getHref());
          }}
        >
          <UserIcon aria-hidden />
          Profile
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() => {
            onNavigate();
            logout();
          }}
        >
          <LogOutIcon aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
