import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';

export function WelcomeCard() {
  return (
    <section
      aria-labelledby="welcome-title"
      className="relative overflow-hidden rounded-xl border bg-card p-6 text-card-foreground shadow-xs sm:p-8"
    >
      <div aria-hidden className="absolute inset-y-0 left-0 w-1.5 bg-primary" />
      <div
        aria-hidden
        className="pointer-events-none absolute -top-16 -right-16 size-48 rounded-full bg-primary/10 blur-2xl"
      />
      <div className="relative grid gap-4">
        <div className="grid gap-2">
          <p className="text-xs font-semibold tracking-[0.2em] text-primary-text uppercase">F1 Reviews &amp; Stats</p>
          <h1 id="welcome-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Welcome to Paddock
          </h1>
          <p className="max-w-xl text-muted-foreground">
            Rate and review every Formula 1 race, follow other fans and keep watchlists of the races you want to see.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg">
            <Link to={paths.auth.register.getHref()}>Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={paths.auth.login.getHref()}>Sign In</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
