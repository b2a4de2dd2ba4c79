/**
 * The home screen's race card (spec §2 "Home screen": active race thoughts or the next race).
 * Renders nothing until it is built; the home page already shows it in its `raceCard` slot.
 */
export function HomeRaceCard() {
  return null;
}
