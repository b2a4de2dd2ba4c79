import type { RaceDetail } from '@paddock/contract/f1';
import outlines from '../circuit-outlines.json';

/** The lap length in km of the layout each outline draws, F1DB's figure when F1DB has it (decision 026). */
const OUTLINE_KM: Record<string, number> = outlines;

/**
 * The outline of the race's circuit, from the f1-circuits collection (MIT, credited beside F1DB), or
 * nothing for the circuits it does not draw. The collection draws one layout per circuit; when the race
 * ran on another, the caption says so with both lap lengths.
 */
export function CircuitOutline({ race }: { race: RaceDetail }) {
  const outlineKm = OUTLINE_KM[race.circuit.id];
  if (outlineKm === undefined) return null;
  const raceKm = race.circuit_details.length_km;
  const sameLayout = raceKm !== null && Math.abs(raceKm - outlineKm) < 0.0005;
  return (
    <figure className="grid gap-1.5">
      <img
        src={`/circuits/${race.circuit.id}.svg`}
        alt={`Outline of ${race.circuit_details.full_name || race.circuit_name}`}
        loading="lazy"
        decoding="async"
        className="h-36 w-full object-contain dark:invert"
      />
      {!sameLayout && raceKm !== null && (
        <figcaption className="text-xs text-muted-foreground">
          The outline shows the {outlineKm.toFixed(3)} km layout; this race used a {raceKm.toFixed(3)} km one.
        </figcaption>
      )}
    </figure>
  );
}
