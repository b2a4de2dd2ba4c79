/**
 * Shown when a page fails to render or its code cannot be loaded (for example after a deploy).
 * Plain markup on purpose: it is part of the entry chunk and must not depend on lazily loaded code.
 */
export function RouteError({ error }: { error: unknown }) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div role="alert" className="grid w-full max-w-md gap-4 rounded-xl border bg-card p-8 text-center shadow-xs">
        <h1 className="text-xl font-semibold">Something went wrong</h1>
        <p className="text-sm text-muted-foreground">This page could not be shown. Reloading usually helps.</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="h-9 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Reload the page
          </button>
          <a
            href="/home"
            className="inline-flex h-9 items-center rounded-md border px-4 text-sm font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Go to Home
          </a>
        </div>
      </div>
    </main>
  );
}
