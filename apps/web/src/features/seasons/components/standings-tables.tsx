import type { ConstructorStandingRow, DriverStandingRow } from '@paddock/contract/standings';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { paths } from '@/config/paths.ts';
import { formatPoints } from '@/lib/f1-format.ts';

/** A driver's standing, with the teams driven for and the races won up to the standings' round. */
export type DriverStandingLine = DriverStandingRow;
export type ConstructorStandingLine = ConstructorStandingRow;

/** What F1DB's position texts without a number mean: Schumacher 1997, McLaren 2007. */
const PLACE_MEANINGS: Record<string, string> = {
  DSQ: 'Disqualified from the championship',
  EX: 'Excluded from the championship',
};

/** The place as F1DB writes it; a text without a number ("DSQ") says what it means to every reader. */
function Place({ row }: { row: DriverStandingRow | ConstructorStandingRow }) {
  if (row.position !== null) return <>{row.position}</>;
  const meaning = PLACE_MEANINGS[row.position_text];
  if (meaning === undefined) return <>{row.position_text || '–'}</>;
  return (
    <span title={meaning}>
      <span aria-hidden>{row.position_text}</span>
      <span className="sr-only">{meaning}</span>
    </span>
  );
}

/** Under a table with unnumbered places: what each of their texts means, for readers who cannot hover. */
function PlaceNotes({ rows }: { rows: readonly (DriverStandingRow | ConstructorStandingRow)[] }) {
  const texts = [...new Set(rows.filter((r) => r.position === null).map((r) => r.position_text))].filter(
    (text) => PLACE_MEANINGS[text] !== undefined,
  );
  if (texts.length === 0) return null;
  return (
    <p aria-hidden className="px-2 pt-2 text-xs text-muted-foreground">
      {texts.map((text) => `${text}: ${PLACE_MEANINGS[text]?.toLowerCase()}.`).join(' ')}
    </p>
  );
}

export function DriverStandingsTable({ standings }: { standings: readonly DriverStandingLine[] }) {
  return (
    <div>
      <Table aria-label="Drivers' standings">
        <TableHeader>
          <TableRow>
            <TableHead className="w-12 text-center">Pos</TableHead>
            <TableHead>Driver</TableHead>
            <TableHead className="hidden sm:table-cell">Team</TableHead>
            <TableHead className="text-right">Wins</TableHead>
            <TableHead className="text-right">Pts</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {standings.map((row) => (
            <TableRow key={row.driver.id}>
              <TableCell className="text-center font-semibold tabular-nums">
                <Place row={row} />
              </TableCell>
              <TableCell>
                <span className="flex items-center gap-2">
                  <TeamColourBar colour={row.teams[0]?.colour} className="h-5" />
                  <CountryFlag code={row.driver.country_code} />
                  <Link
                    to={paths.driver.getHref(row.driver.id)}
                    className="inline-flex min-h-6 items-center font-medium hover:underline"
                  >
                    {row.driver.full_name}
                  </Link>
                </span>
              </TableCell>
              <TableCell className="hidden text-muted-foreground sm:table-cell">
                <span className="flex flex-wrap gap-x-2">
                  {row.teams.map((team, index) => (
                    <span key={team.id}>
                      <Link
                        to={paths.team.getHref(team.id)}
                        className="inline-flex min-h-6 min-w-6 items-center hover:text-foreground hover:underline"
                      >
                        {team.name}
                      </Link>
                      {index < row.teams.length - 1 && ' /'}
                    </span>
                  ))}
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
              <TableCell className="text-right font-semibold tabular-nums">{formatPoints(row.points)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PlaceNotes rows={standings} />
    </div>
  );
}

/** Constructors by the name F1DB ranks them under: "Cooper-Climax" where a team ran more than one engine. */
export function ConstructorStandingsTable({ standings }: { standings: readonly ConstructorStandingLine[] }) {
  return (
    <div>
      <Table aria-label="Constructors' standings">
        <TableHeader>
          <TableRow>
            <TableHead className="w-12 text-center">Pos</TableHead>
            <TableHead>Team</TableHead>
            <TableHead className="text-right">Wins</TableHead>
            <TableHead className="text-right">Pts</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {standings.map((row) => (
            <TableRow key={`${row.team.id}/${row.engine ?? ''}`}>
              <TableCell className="text-center font-semibold tabular-nums">
                <Place row={row} />
              </TableCell>
              <TableCell>
                <span className="flex items-center gap-2">
                  <TeamColourBar colour={row.team.colour} className="h-5" />
                  <Link
                    to={paths.team.getHref(row.team.id)}
                    className="inline-flex min-h-6 min-w-6 items-center font-medium hover:underline"
                  >
                    {row.name}
                  </Link>
                </span>
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
              <TableCell className="text-right font-semibold tabular-nums">{formatPoints(row.points)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <PlaceNotes rows={standings} />
    </div>
  );
}
