import type { DriverDetail } from '@paddock/contract/f1';
import { Bar, BarChart, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartGrid } from '@/components/chart-grid.tsx';
import { teamColour } from '@/components/team-colour.tsx';
import { formatPoints } from '@/lib/f1-format.ts';

interface SeasonPoint {
  year: number;
  /** Championship points; 0 for a season without a standing. */
  points: number;
  standing: boolean;
  position: number | null;
  team: string;
  colour: string;
}

function SeasonTooltip({ active, payload }: { active?: boolean; payload?: { payload?: SeasonPoint }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-semibold">{point.year}</p>
      <p className="text-muted-foreground">{point.team}</p>
      <p>
        {point.standing
          ? `${formatPoints(point.points)} pts${point.position !== null ? ` · P${point.position}` : ''}`
          : 'Not in the standings'}
      </p>
    </div>
  );
}

/**
 * Championship points per season, each bar in the colour of the season's (first) team. Loaded lazily by the driver
 * page so recharts stays out of every other chunk.
 */
export default function DriverSeasonChart({ seasons }: { seasons: DriverDetail['seasons'] }) {
  const data: SeasonPoint[] = [...seasons]
    .sort((a, b) => a.year - b.year)
    .map((season) => ({
      year: season.year,
      points: season.points ?? 0,
      standing: season.points !== null,
      position: season.position,
      team: season.teams.map((team) => team.name).join(' / '),
      colour: teamColour(season.teams[0]?.colour),
    }));
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
      accessibilityLayer
    >
      <ChartGrid lines="horizontal" />
      <XAxis
        dataKey="year"
        tickLine={false}
        axisLine={false}
        tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
      />
      <YAxis tickLine={false} axisLine={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} width={48} />
      <Tooltip cursor={{ fill: 'var(--accent)' }} content={<SeasonTooltip />} />
      <Bar dataKey="points" name="Points" radius={[4, 4, 0, 0]} maxBarSize={48}>
        {data.map((point) => (
          <Cell key={point.year} fill={point.colour} />
        ))}
      </Bar>
    </BarChart>
  );
}
