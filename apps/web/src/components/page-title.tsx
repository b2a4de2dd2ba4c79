/** The document title of a page: its name, then the site's ("Abu Dhabi Grand Prix 2021 · Paddock"). React hoists it into <head>. */
export function PageTitle({ name }: { name: string }) {
  return <title>{`${name} · Paddock`}</title>;
}
