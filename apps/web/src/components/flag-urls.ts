/*
 * Every flag of country-flag-icons (3:2 SVG) as its own fingerprinted file of the build, never inlined:
 * a page downloads the few flags it shows (cached for a year) instead of one module of all 267.
 */
const files = import.meta.glob<string>('../../../../node_modules/country-flag-icons/3x2/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

const urls = new Map(
  Object.entries(files).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1, -'.svg'.length), url]),
);

/** The image of an ISO 3166-1 alpha-2 code ("GB-ENG" style subdivisions too); undefined when there is none. */
export function flagUrl(code: string): string | undefined {
  return urls.get(code.trim().toUpperCase());
}
