// Applies the stored theme before the first paint (an external file, so the CSP needs no inline script),
// and notes the time zone for pages rendered on the server.
try {
  var t = localStorage.getItem('theme');
  if (t === 'dark' || (!t && window.matchMedia('(prefers-color-scheme: dark)').matches)) {
    document.documentElement.classList.add('dark');
  }
} catch {
  // storage unavailable: keep the default theme
}
// The reader's time zone, so a page rendered on the server shows times as the reader's clock does.
try {
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) document.cookie = 'tz=' + encodeURIComponent(zone) + '; path=/; max-age=31536000; samesite=lax';
} catch {
  // no Intl time zone: pages are rendered in UTC, and the browser shows its own times after loading
}
