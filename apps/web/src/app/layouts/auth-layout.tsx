import { Link, Outlet } from 'react-router';
import { LogoMark } from '@/components/logo.tsx';
import { paths } from '@/config/paths.ts';
import { PageMain } from './page-main.tsx';

/** One layout for login, register, forgot and reset password (spec §2); the logo is its banner landmark. */
export function AuthLayout() {
  return (
    <div className="relative flex min-h-svh flex-col items-center justify-center gap-6 overflow-hidden bg-background px-4 py-10">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-transparent via-primary to-transparent"
      />
      <header>
        <Link
          to={paths.home.getHref()}
          className="flex items-center gap-3 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <LogoMark className="size-10" />
          <span className="grid leading-tight">
            <span className="text-xl font-bold tracking-tight">Paddock</span>
            <span className="text-xs text-muted-foreground">F1 Reviews &amp; Stats</span>
          </span>
        </Link>
      </header>
      <PageMain className="w-full max-w-md">
        <Outlet />
      </PageMain>
    </div>
  );
}
