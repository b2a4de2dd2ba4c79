import type { SeasonStats } from '@paddock/contract/f1';
import { Link } from 'react-router';
import { CountryFlag } from '@/components/country-flag.tsx';
import { TeamColourBar } from '@/components/team-colour.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { paths } from '@/config/paths.ts';
import { formatPoints } from '@/lib/f1-format.ts';

export function DriverStandingsTable({ standings }: { standings: SeasonStats['driver_standings'] }) {
  return (
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
            <TableCell className="text-center font-semibold tabular-nums">{row.position ?? '–'}</TableCell>
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
  );
}

export function ConstructorStandingsTable({ standings }: { standings: SeasonStats['constructor_standings'] }) {
  return (
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
          <TableRow key={row.team.id}>
            <TableCell className="text-center font-semibold tabular-nums">{row.position ?? '–'}</TableCell>
            <TableCell>
              <span className="flex items-center gap-2">
                <TeamColourBar colour={row.team.colour} className="h-5" />
                <Link
                  to={paths.team.getHref(row.team.id)}
                  className="inline-flex min-h-6 min-w-6 items-center font-medium hover:underline"
                >
                  {row.team.name}
                </Link>
              </span>
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
            <TableCell className="text-right font-semibold tabular-nums">{formatPoints(row.points)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
