import type { SeasonRaceResult } from '@paddock/contract/f1';
import { SPOILERS_HIDDEN_TEXT } from '@paddock/contract/spoilers';
import { EyeOffIcon, TrophyIcon } from 'lucide-react';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { paths } from '@/config/paths.ts';
import { formatShortRaceDay } from '@/lib/race-time.ts';
import { useTimeZone } from '@/lib/render-env.tsx';

/**
 * The season's races by round, each with its winner once there is one, else "Results pending" or "Upcoming"; a
 * race the reader's spoiler shield hides says so instead (decision 033; its race page offers to lift it).
 */
export function SeasonCalendar({ races }: { races: SeasonRaceResult[] }) {
  const timeZone = useTimeZone();
  return (
    <ol className="divide-y overflow-hidden rounded-xl border bg-card" aria-label="Calendar">
      {races.map(({ race, podium }) => {
        const winner = podium.find((entry) => entry.position === 1);
        return (
          <li
            key={race.id}
            className="grid grid-cols-[2.5rem_1fr] items-center gap-x-3 gap-y-1 px-4 py-3 sm:grid-cols-[2.5rem_1fr_14rem]"
          >
            <span className="text-sm font-semibold text-muted-foreground tabular-nums">R{race.round_number}</span>
            <div className="grid min-w-0">
              <span className="flex items-center gap-2">
                <CountryFlag code={race.country_code} />
                <Link to={paths.race.getHref(race.id)} className="truncate py-0.5 font-medium hover:underline">
                  {race.name}
                </Link>
              </span>
              <span className="truncate text-xs text-muted-foreground">
                {formatShortRaceDay(race, timeZone)} · {race.circuit_name}
              </span>
            </div>
            <div className="col-start-2 text-sm sm:col-start-3">
              {race.spoilers_hidden ? (
                <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
                  <EyeOffIcon aria-hidden className="size-3.5 shrink-0" />
                  {SPOILERS_HIDDEN_TEXT}
                </span>
              ) : winner ? (
                <span className="flex items-center gap-2">
                  <TrophyIcon aria-hidden className="size-3.5 shrink-0 text-amber-500" />
                  <span className="sr-only">Winner:</span>
                  <TeamColourBar colour={winner.team.colour} />
                  <Link to={paths.driver.getHref(winner.driver.id)} className="truncate py-0.5 hover:underline">
                    {winner.driver.full_name}
                  </Link>
                </span>
              ) : race.is_completed && !race.has_results ? (
                <span className="text-xs text-muted-foreground">Results pending</span>
              ) : (
                !race.is_completed && <span className="text-xs text-muted-foreground">Upcoming</span>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
