import type { SeasonStats } from '@paddock/contract/f1';
import { Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartGrid } from '@/components/chart-grid.tsx';
import { teamColour } from '@/components/team-colour.tsx';
import { formatPoints } from '@/lib/f1-format.ts';

type Progression = SeasonStats['points_progression'];
type Row = Record<string, number | string> & { round: number; name: string };

interface TooltipEntry {
  dataKey?: unknown;
  value?: unknown;
  color?: string;
}

function ProgressionTooltip({
  active,
  payload,
  label,
  names,
}: {
  active?: boolean;
  payload?: TooltipEntry[];
  label?: unknown;
  names: Map<string, string>;
}) {
  if (!active || !payload || payload.length === 0) return null;
  const entries = [...payload].sort((a, b) => Number(b.value) - Number(a.value));
  const row = (payload[0] as { payload?: Row } | undefined)?.payload;
  return (
    <div className="grid min-w-44 gap-1 rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-semibold">
        Round {String(label)}
        {row && <span className="font-normal text-muted-foreground"> · {row.name}</span>}
      </p>
      {entries.map((entry) => (
        <p key={String(entry.dataKey)} className="flex items-center justify-between gap-4">
          <span className="flex items-center gap-1.5">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: entry.color }} />
            {names.get(String(entry.dataKey))}
          </span>
          <span className="tabular-nums">{formatPoints(Number(entry.value))}</span>
        </p>
      ))}
    </div>
  );
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  textAnchor?: 'start' | 'middle' | 'end' | 'inherit';
  payload?: { value?: string | number };
}

/**
 * An axis label as plain SVG text. Recharts' own measures each label in the page to wrap it, a forced
 * layout per label in the chart's one long task on a phone. These labels are short numbers that never wrap.
 */
function AxisTick({ x, y, textAnchor, payload, dy }: TickProps & { dy: string }) {
  return (
    <text x={x} y={y} dy={dy} textAnchor={textAnchor} fill="var(--muted-foreground)" fontSize={12}>
      {payload?.value}
    </text>
  );
}

/**
 * The X axis's rounds: every one up to 12, else every other, set rather than measured label by label. The Y
 * axis's five or so labels, 60 pixels apart, never collide: all are drawn, none measured.
 */
const roundsInterval = (rounds: number): number => (rounds > 12 ? 1 : 0);

/**
 * Cumulative points after each round for the season's leading drivers, in team colours; a driver
 * whose team-mate is already drawn gets a dashed line. `markRound`: the round the standings below are
 * picked after, marked with a vertical line. Loaded lazily with recharts.
 */
export default function PointsProgressionChart({
  progression,
  markRound = null,
}: {
  progression: Progression;
  markRound?: number | null;
}) {
  const rows: Row[] = progression.rounds.map((round, index) => {
    const row: Row = { round: round.round, name: round.name };
    for (const entry of progression.drivers) {
      const points = entry.points[index];
      if (points !== undefined) row[entry.driver.id] = points;
    }
    return row;
  });
  const names = new Map(progression.drivers.map((entry) => [entry.driver.id, entry.driver.full_name]));
  const seenColours = new Set<string>();
  const lines = progression.drivers.map((entry) => {
    const colour = teamColour(entry.team_colour);
    const dashed = seenColours.has(colour);
    seenColours.add(colour);
    return { id: entry.driver.id, label: entry.driver.short_name, colour, dashed };
  });

  return (
    <div className="grid gap-3">
      <LineChart
        responsive
        data={rows}
        style={{ width: '100%', height: 320 }}
        margin={{ top: 8, right: 12, bottom: 0, left: -8 }}
        accessibilityLayer
      >
        <ChartGrid lines="horizontal" />
        <XAxis
          dataKey="round"
          tickLine={false}
          axisLine={false}
          interval={roundsInterval(rows.length)}
          tick={(props: TickProps) => <AxisTick {...props} dy="0.71em" />}
        />
        <YAxis
          tickLine={false}
          axisLine={false}
          width={48}
          interval={0}
          tick={(props: TickProps) => <AxisTick {...props} dy="0.355em" />}
        />
        <Tooltip content={<ProgressionTooltip names={names} />} />
        {markRound !== null && rows.some((row) => row.round === markRound) && (
          <ReferenceLine
            x={markRound}
            stroke="var(--muted-foreground)"
            strokeDasharray="3 3"
            label={{
              value: `Round ${markRound}`,
              position: 'insideTopRight',
              fill: 'var(--muted-foreground)',
              fontSize: 12,
            }}
          />
        )}
        {lines.map((line) => (
          <Line
            key={line.id}
            dataKey={line.id}
            name={line.label}
            type="monotone"
            stroke={line.colour}
            strokeWidth={2}
            strokeDasharray={line.dashed ? '5 4' : undefined}
            dot={false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <ul className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs" aria-label="Drivers in the chart">
        {lines.map((line) => (
          <li key={line.id} className="flex items-center gap-1.5">
            <svg aria-hidden width="18" height="6" className="shrink-0">
              <line
                x1="0"
                y1="3"
                x2="18"
                y2="3"
                stroke={line.colour}
                strokeWidth="3"
                strokeDasharray={line.dashed ? '4 3' : undefined}
              />
            </svg>
            {names.get(line.id)}
          </li>
        ))}
      </ul>
    </div>
  );
}
