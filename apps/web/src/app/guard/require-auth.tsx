import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from '@/lib/toast.ts';
import { paths } from '@/config/paths.ts';
import { asksForFocus, FOCUS_MAIN_STATE } from '@/app/layouts/page-main.tsx';
import { saveIntendedDestination } from '@/lib/intended-destination.ts';
import { isSignedIn, useIsSignedIn } from '@/lib/session.ts';
import { decideGuardRedirect } from './guard-decision.ts';

/** Layout route of the guarded group (spec §2): its pages render only with a stored access token. */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const [signedInAtArrival] = useState(signedIn);
  if (signedIn) return <Outlet />;
  // The session ended while on the page (sign-out, another tab): leave quietly instead of greeting a guest.
  if (signedInAtArrival) return <Navigate to={paths.home.getHref()} replace />;
  return <GuardRedirect />;
}

function GuardRedirect() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const decision = decideGuardRedirect({
      readReferrer: () => document.referrer,
      host: window.location.host,
      // 'default' marks the entry the app started on, i.e. a fresh page load.
      cameFromApp: location.key !== 'default',
    });
    saveIntendedDestination(`${location.pathname}${location.search}${location.hash}`);
    // A fixed id keeps a re-run effect (StrictMode) from stacking a second toast.
    toast[decision.toast.type](decision.toast.title, { id: 'access-guard', description: decision.toast.description });
    // Focus asked of the guarded page (a palette result) goes to the sign-in page's content instead.
    void navigate(decision.to, { replace: true, state: asksForFocus(location.state) ? FOCUS_MAIN_STATE : undefined });
  }, [location, navigate]);

  return null;
}

/**
 * Layout route of /login and /register: someone already signed in who opens them goes home. Decided on
 * arrival only (after hydration: the server renders the form for everyone), so signing in on the page
 * still ends where the page sends them (the intended destination).
 */
export function GuestOnly() {
  const navigate = useNavigate();
  useEffect(() => {
    if (isSignedIn()) void navigate(paths.home.getHref(), { replace: true });
    // Arrival only: signing in here must not send the visitor home.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <Outlet />;
}
