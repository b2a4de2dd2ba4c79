import type {
  DriverOfTheDayRow,
  GridRow,
  PitStopRow,
  RaceWeekend,
  SessionRow,
  SessionTable,
} from '@paddock/contract/race-weekend';
import { Link } from 'react-router';
import { useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/utils.ts';
import { DriverCell, TeamCell } from './race-results-table.tsx';

/*
 * The race page's weekend tabs (Grid, Practice, Sprint qualifying, Pit stops) and the driver of the day vote
 * under the classification, from GET /races/{id}/weekend/. The page loads this module when the weekend's data is
 * in, after its first load, so the tables cost the page's first load nothing.
 */

/** "5-place grid penalty", "Back of the grid": F1DB writes the places ("5") or SFB (start from the back). */
export function gridPenaltyText(penalty: string): string {
  if (penalty === 'SFB') return 'Back of the grid';
  return /^\d+$/.test(penalty) ? `${penalty}-place grid penalty` : penalty;
}

function PenaltyBadge({ penalty }: { penalty: string }) {
  return (
    <span className="inline-flex items-center rounded-sm bg-destructive/10 px-1 text-[11px] leading-4 font-medium text-destructive">
      {gridPenaltyText(penalty)}
    </span>
  );
}

const muted = (value: string | number | null) =>
  value === null ? <span className="text-muted-foreground">–</span> : value;

function GridTable({ rows, caption }: { rows: GridRow[]; caption: string }) {
  const times = rows.some((row) => row.time !== null);
  return (
    <Table aria-label={caption}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12 text-center">Pos</TableHead>
          <TableHead>Driver</TableHead>
          <TableHead className="hidden md:table-cell">Team</TableHead>
          <TableHead className="hidden text-right sm:table-cell">No.</TableHead>
          {times && <TableHead className="text-right">Qualifying time</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={`${row.driver.id}-${index}`}>
            <TableCell className="text-center font-semibold tabular-nums">{row.position}</TableCell>
            <TableCell className="max-md:py-1 max-sm:whitespace-normal">
              <DriverCell
                driver={row.driver}
                team={row.team}
                badges={row.penalty !== null && <PenaltyBadge penalty={row.penalty} />}
              />
            </TableCell>
            <TeamCell team={row.team} />
            <TableCell className="hidden text-right tabular-nums sm:table-cell">{muted(row.number)}</TableCell>
            {times && <TableCell className="text-right tabular-nums">{muted(row.time)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The race's starting grid; a sprint weekend's sprint grid below it, under its own heading. */
export function StartingGrids({ weekend }: { weekend: RaceWeekend }) {
  const { starting_grid: race, sprint_starting_grid: sprint } = weekend;
  if (sprint.length === 0) return <GridTable rows={race} caption="Starting grid" />;
  return (
    <div className="grid gap-6">
      {race.length > 0 && (
        <section aria-labelledby="race-grid-heading" className="grid gap-2">
          <h3 id="race-grid-heading" className="text-base font-semibold">
            Race grid
          </h3>
          <GridTable rows={race} caption="Starting grid" />
        </section>
      )}
      <section aria-labelledby="sprint-grid-heading" className="grid gap-2">
        <h3 id="sprint-grid-heading" className="text-base font-semibold">
          Sprint grid
        </h3>
        <GridTable rows={sprint} caption="Sprint starting grid" />
      </section>
    </div>
  );
}

/**
 * A timed session: knockout parts (sprint qualifying, some old qualifying) as Q1-Q3, else the best lap with the
 * gap to the fastest; laps where F1DB counts them.
 */
export function SessionResultsTable({ session }: { session: SessionTable }) {
  const { rows } = session;
  const parts = rows.some((row) => row.q1 !== null || row.q2 !== null || row.q3 !== null);
  const gaps = !parts && rows.some((row) => row.gap !== null);
  const laps = rows.some((row) => row.laps !== null);
  const prefix = session.session === 'SPRINT_QUALIFYING' ? 'SQ' : 'Q';
  const cells = (row: SessionRow) =>
    parts ? (
      <>
        <TableCell className="text-right tabular-nums">{muted(row.q1)}</TableCell>
        <TableCell className="text-right tabular-nums">{muted(row.q2)}</TableCell>
        <TableCell className="text-right tabular-nums">{muted(row.q3)}</TableCell>
      </>
    ) : (
      <>
        <TableCell className="text-right tabular-nums">{muted(row.time)}</TableCell>
        {gaps && (
          <TableCell className="hidden text-right text-muted-foreground tabular-nums sm:table-cell">
            {row.gap ?? ''}
          </TableCell>
        )}
      </>
    );
  return (
    <Table aria-label={session.name}>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12 text-center">Pos</TableHead>
          <TableHead>Driver</TableHead>
          <TableHead className="hidden md:table-cell">Team</TableHead>
          {parts ? (
            <>
              <TableHead className="text-right">{prefix}1</TableHead>
              <TableHead className="text-right">{prefix}2</TableHead>
              <TableHead className="text-right">{prefix}3</TableHead>
            </>
          ) : (
            <>
              <TableHead className="text-right">Time</TableHead>
              {gaps && <TableHead className="hidden text-right sm:table-cell">Gap</TableHead>}
            </>
          )}
          {laps && <TableHead className="hidden text-right sm:table-cell">Laps</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={`${row.driver.id}-${index}`}>
            <TableCell
              className={cn(
                'text-center font-semibold tabular-nums',
                row.position_number === null && 'text-xs text-muted-foreground',
              )}
            >
              {row.position}
            </TableCell>
            <TableCell className="max-md:py-1 max-sm:whitespace-normal">
              <DriverCell driver={row.driver} team={row.team} />
            </TableCell>
            <TeamCell team={row.team} />
            {cells(row)}
            {laps && <TableCell className="hidden text-right tabular-nums sm:table-cell">{muted(row.laps)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The weekend's practice, warm-up, pre-qualifying and old qualifying sessions, one at a time: a small segmented
 * picker (a tab list) chooses among them, in the order the weekend ran them.
 */
export function PracticeSessions({ sessions }: { sessions: SessionTable[] }) {
  const [picked, setPicked] = useState(sessions[0]?.session);
  const current = sessions.find((s) => s.session === picked) ?? sessions[0];
  if (!current) return null;
  if (sessions.length === 1) return <SessionResultsTable session={current} />;
  return (
    <Tabs value={current.session} onValueChange={(value) => setPicked(value as SessionTable['session'])}>
      <TabsList
        aria-label="Session"
        className="h-9 w-full [scrollbar-width:none] flex-nowrap justify-start overflow-x-auto sm:w-fit [&>*]:flex-none"
      >
        {sessions.map((s) => (
          <TabsTrigger key={s.session} value={s.session} className="h-7 px-2.5 text-xs">
            {s.name}
          </TabsTrigger>
        ))}
      </TabsList>
      {sessions.map((s) => (
        <TabsContent key={s.session} value={s.session}>
          <SessionResultsTable session={s} />
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** Every pit stop in F1DB's order (by lap): when, who, the driver's how-many-th stop and the time in the pit lane. */
export function PitStopsTable({ stops }: { stops: PitStopRow[] }) {
  return (
    <Table aria-label="Pit stops">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12 text-right">Lap</TableHead>
          <TableHead>Driver</TableHead>
          <TableHead className="hidden md:table-cell">Team</TableHead>
          <TableHead className="text-right">Stop</TableHead>
          <TableHead className="text-right">Pit lane time</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {stops.map((stop) => (
          <TableRow key={`${stop.driver.id}-${stop.number ?? ''}-${stop.stop}`}>
            <TableCell className="text-right font-semibold tabular-nums">{stop.lap}</TableCell>
            <TableCell className="max-md:py-1 max-sm:whitespace-normal">
              <DriverCell driver={stop.driver} team={stop.team} />
            </TableCell>
            <TeamCell team={stop.team} />
            <TableCell className="text-right tabular-nums">{stop.stop}</TableCell>
            <TableCell className="text-right tabular-nums">{muted(stop.time)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** 26.39 → "26.4%". */
const formatShare = (percentage: number) => `${percentage.toFixed(1)}%`;

/** "Driver of the day: Lando Norris — 26.4% of the vote", with the whole vote in a disclosure. */
export function DriverOfTheDayVote({ votes }: { votes: DriverOfTheDayRow[] }) {
  const winner = votes[0];
  if (!winner) return null;
  return (
    <div className="grid gap-2 text-sm">
      <p>
        <span className="text-muted-foreground">Driver of the day: </span>
        <Link to={paths.driver.getHref(winner.driver.id)} className="font-medium hover:underline">
          {winner.driver.full_name}
        </Link>
        {winner.percentage !== null && (
          <span className="text-muted-foreground"> — {formatShare(winner.percentage)} of the vote</span>
        )}
      </p>
      {votes.length > 1 && (
        <details className="group">
          <summary className="inline-flex min-h-6 cursor-pointer items-center text-muted-foreground hover:text-foreground">
            The full vote
          </summary>
          <Table aria-label="Driver of the day vote" className="mt-2">
            <TableHeader>
              <TableRow>
                <TableHead className="w-12 text-center">Pos</TableHead>
                <TableHead>Driver</TableHead>
                <TableHead className="hidden md:table-cell">Team</TableHead>
                <TableHead className="text-right">Vote</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {votes.map((vote) => (
                <TableRow key={vote.driver.id}>
                  <TableCell className="text-center font-semibold tabular-nums">{vote.position}</TableCell>
                  <TableCell className="max-md:py-1 max-sm:whitespace-normal">
                    <DriverCell driver={vote.driver} team={vote.team} />
                  </TableCell>
                  <TeamCell team={vote.team} />
                  <TableCell className="text-right tabular-nums">
                    {vote.percentage === null ? muted(null) : formatShare(vote.percentage)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      )}
    </div>
  );
}
