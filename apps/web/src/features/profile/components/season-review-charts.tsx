import type { SeasonReview } from '@paddock/contract/profiles';
import { Bar, BarChart, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartGrid } from '@/components/chart-grid.tsx';
import { axisTick, ChartFigure } from './chart-figure.tsx';

/*
 * A season in review's charts, the member against the community, loaded lazily with recharts so the page's
 * first load stays small. The member is the theme's primary colour, the community its muted one.
 */

const MEMBER_FILL = 'var(--primary)';
const COMMUNITY_FILL = 'var(--muted-foreground)';
const COMMUNITY = 'Community average';

/** One decimal, or a dash where the community has no figure. */
const oneDecimal = (value: number | null) => (value === null ? '–' : value.toFixed(1));

interface Pair {
  label: string;
  member: number;
  community: number | null;
}

function PairTooltip({ active, payload, name }: { active?: boolean; payload?: { payload?: Pair }[]; name: string }) {
  const datum = payload?.[0]?.payload;
  if (!active || !datum) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-semibold">{datum.label}</p>
      <p>
        {name}: {oneDecimal(datum.member)}
      </p>
      <p>
        {COMMUNITY}: {oneDecimal(datum.community)}
      </p>
    </div>
  );
}

/** The colours' key, drawn under a chart (the figure's table names the columns for screen readers). */
function Legend({ name }: { name: string }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {[
        { label: name, fill: MEMBER_FILL },
        { label: COMMUNITY, fill: COMMUNITY_FILL },
      ].map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm" style={{ backgroundColor: item.fill }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** Races watched and reviewed: a pair of columns each, the member's and the community's. */
function RacesChart({ data, name }: { data: Pair[]; name: string }) {
  const chartData = data.map((d) => ({ ...d, community: d.community ?? 0 }));
  return (
    <div className="grid gap-2">
      <BarChart
        responsive
        data={chartData}
        style={{ width: '100%', height: 240 }}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
        accessibilityLayer={false}
      >
        <ChartGrid lines="horizontal" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={axisTick} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} width={44} />
        <Tooltip cursor={{ fill: 'var(--accent)' }} content={<PairTooltip name={name} />} />
        <Bar dataKey="member" fill={MEMBER_FILL} radius={[4, 4, 0, 0]} maxBarSize={40} isAnimationActive={false} />
        <Bar
          dataKey="community"
          fill={COMMUNITY_FILL}
          radius={[4, 4, 0, 0]}
          maxBarSize={40}
          isAnimationActive={false}
        />
      </BarChart>
      <Legend name={name} />
    </div>
  );
}

/** The average ratings out of five, a bar each: the member's, then the community's. */
function RatingChart({ rows }: { rows: { label: string; rating: number; fill: string }[] }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={rows}
      style={{ width: '100%', height: rows.length * 44 + 32 }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <ChartGrid lines="vertical" />
      <XAxis
        type="number"
        domain={[0, 5]}
        ticks={[0, 1, 2, 3, 4, 5]}
        tickLine={false}
        axisLine={false}
        tick={axisTick}
      />
      <YAxis
        type="category"
        dataKey="label"
        tickLine={false}
        axisLine={false}
        tick={{ ...axisTick, fill: 'var(--foreground)' }}
        width={Math.min(170, Math.max(...rows.map((r) => r.label.length)) * 8 + 24)}
      />
      <Bar dataKey="rating" radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={false}>
        {rows.map((row) => (
          <Cell key={row.label} fill={row.fill} />
        ))}
      </Bar>
    </BarChart>
  );
}

/** The member's races and average rating beside the community's; `name` is the member's. */
export default function SeasonReviewCharts({ review, name }: { review: SeasonReview; name: string }) {
  const year = review.season;
  const races: Pair[] = [
    { label: 'Races watched', member: review.races_watched, community: review.community.average_races_watched },
    { label: 'Races reviewed', member: review.races_reviewed, community: review.community.average_races_reviewed },
  ];
  const ratings =
    review.average_rating === null
      ? []
      : [
          { label: name, rating: review.average_rating, fill: MEMBER_FILL },
          ...(review.community.average_rating === null
            ? []
            : [{ label: COMMUNITY, rating: review.community.average_rating, fill: COMMUNITY_FILL }]),
        ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartFigure
        id="season-races"
        title="Races watched and reviewed"
        description={`Against the average member who watched or reviewed a race of ${year}.`}
        columns={['Figure', name, COMMUNITY]}
        rows={races.map((d) => [d.label, d.member, oneDecimal(d.community)])}
      >
        <RacesChart data={races} name={name} />
      </ChartFigure>
      {ratings.length > 0 && (
        <ChartFigure
          id="season-rating"
          title="Average rating"
          description={`Out of 5, against every public review of a ${year} race.`}
          columns={['Rated by', 'Average rating']}
          rows={ratings.map((r) => [r.label, oneDecimal(r.rating)])}
        >
          <RatingChart rows={ratings} />
        </ChartFigure>
      )}
    </div>
  );
}
