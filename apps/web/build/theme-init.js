// Applies the stored theme before the first paint (an external file, so the CSP needs no inline script),
// and notes whether a session is stored, for pages rendered on the server. The reader's time zone is noted
// once the page has painted (rememberTimeZone in lib/render-env.tsx).
try {
  var t = localStorage.getItem('theme');
  if (t === 'dark' || (!t && window.matchMedia('(prefers-color-scheme: dark)').matches)) {
    document.documentElement.classList.add('dark');
  }
} catch {
  // storage unavailable: keep the default theme
}
// Whether a session is stored (a hint, never the token): the server leaves a signed-in reader's Home to
// the browser instead of rendering the guest's. lib/session.ts keeps it in step on sign-in and sign-out.
try {
  document.cookie = localStorage.getItem('access')
    ? 'signed_in=1; path=/; max-age=31536000; samesite=lax'
    : 'signed_in=; path=/; max-age=0; samesite=lax';
} catch {
  // storage unavailable: no session either
}
