/**
 * The results part of the global search palette (spec §2 "Global search palette"), rendered inside
 * the palette's cmdk list whenever the input is not empty. Render `CommandGroup`s of `CommandItem`s
 * (components/ui/command.tsx) and call `onNavigate(href)` on select: the palette closes and navigates.
 * Renders nothing until search is built.
 */
export function SearchPaletteResults(_props: { query: string; onNavigate: (href: string) => void }) {
  return null;
}
