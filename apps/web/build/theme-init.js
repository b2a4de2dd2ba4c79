// Applies the stored theme before the first paint (an external file, so the CSP needs no inline script),
// and notes the time zone and whether a session is stored, for pages rendered on the server.
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
// The reader's time zone, so a page rendered on the server shows times as the reader's clock does. It is also
// the page's first Intl call, which sets up the browser's locale data (150-300 ms on a phone): here, it runs
// while the stylesheet downloads; after the first paint, it would be a long task of its own (decision 024).
try {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) document.cookie = 'tz=' + encodeURIComponent(zone) + '; path=/; max-age=31536000; samesite=lax';
} catch {
  // no Intl time zone: pages are rendered in UTC, and the browser shows its own times after loading
}
