import type { UserStats } from '@paddock/contract/profiles';
import { ChartColumnIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Bar, BarChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartGrid } from '@/components/chart-grid.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { LoadErrorState } from '@/components/query-states.tsx';
import { StatGrid } from '@/components/stat-grid.tsx';
import { Button } from '@/components/ui/button.tsx';
import { UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';
import { formatCount } from '@/lib/f1-format.ts';
import { useRenderNow } from '@/lib/render-env.tsx';
import { useUserStats } from '../api/get-user-stats.ts';
import { seasonReviewOffered } from '../utils/season-review.ts';
import { axisTick, ChartFigure, type ChartRow } from './chart-figure.tsx';
import { ProfileStatsSkeleton } from './profile-stats-skeleton.tsx';
import type { ProfileSubject } from './profile-subject.ts';

/*
 * The Stats tab, loaded lazily with recharts (charts drawn as chart-figure.tsx says), and the links to the
 * member's seasons in review.
 */

interface Datum {
  label: string;
  count: number;
}

function CountTooltip({ active, payload, unit }: { active?: boolean; payload?: { payload?: Datum }[]; unit: string }) {
  const datum = payload?.[0]?.payload;
  if (!active || !datum) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-xs text-popover-foreground shadow-md">
      <p className="font-semibold">{datum.label}</p>
      <p>
        {formatCount(datum.count)} {datum.count === 1 ? unit : `${unit}s`}
      </p>
    </div>
  );
}

const rowsOf = (data: Datum[]): ChartRow[] => data.map((datum) => [datum.label, datum.count]);

function ColumnChart({ data, unit, height = 220 }: { data: Datum[]; unit: string; height?: number }) {
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      accessibilityLayer={false}
    >
      <ChartGrid lines="horizontal" />
      <XAxis dataKey="short" tickLine={false} axisLine={false} tick={axisTick} />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} width={44} />
      <Tooltip cursor={{ fill: 'var(--accent)' }} content={<CountTooltip unit={unit} />} />
      <Bar dataKey="count" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  );
}

function DriverChart({ data }: { data: Datum[] }) {
  // Room for the longest name on one line at 12px (recharts wraps a label wider than the axis), within
  // reason on a phone.
  const labelWidth = Math.min(170, Math.max(...data.map((d) => d.label.length)) * 8 + 24);
  return (
    <BarChart
      responsive
      layout="vertical"
      data={data}
      style={{ width: '100%', height: data.length * 36 + 32 }}
      margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <ChartGrid lines="vertical" />
      <XAxis type="number" allowDecimals={false} tickLine={false} axisLine={false} tick={axisTick} />
      <YAxis
        type="category"
        dataKey="label"
        tickLine={false}
        axisLine={false}
        tick={{ ...axisTick, fill: 'var(--foreground)' }}
        width={labelWidth}
      />
      <Tooltip cursor={{ fill: 'var(--accent)' }} content={<CountTooltip unit="star" />} />
      <Bar dataKey="count" fill="var(--primary)" radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={false} />
    </BarChart>
  );
}

function figuresOf(stats: UserStats) {
  return [
    { label: 'Reviews', value: formatCount(stats.total_reviews) },
    {
      label: 'Average rating',
      value:
        stats.average_rating === null ? (
          '–'
        ) : (
          <>
            {stats.average_rating.toFixed(1)}
            <span className="text-sm font-normal text-muted-foreground"> / 5</span>
          </>
        ),
    },
    { label: 'Races watched', value: formatCount(stats.races_watched) },
    { label: 'Likes received', value: formatCount(stats.likes_received) },
  ];
}

/** Links to the seasons in review of the seasons the member reviewed races of, newest first, once each is offered. */
function SeasonsInReview({ user, stats }: { user: ProfileSubject; stats: UserStats }) {
  const now = useRenderNow();
  const seasons = stats.reviews_per_season
    .map(({ season }) => season)
    .filter((season) => seasonReviewOffered(season, now))
    .reverse();
  if (seasons.length === 0) return null;
  return (
    <nav aria-labelledby="seasons-in-review" className="grid gap-2">
      <h3 id="seasons-in-review" className="font-semibold">
        Seasons in review
      </h3>
      <ul className="flex flex-wrap gap-2">
        {seasons.map((season) => (
          <li key={season}>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.seasonReview.getHref(user.username, season)}>{season} in review</Link>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function ProfileStats({ user, own }: { user: ProfileSubject; own: boolean }) {
  const query = useUserStats(user.id);
  const name = <UserName user={user} />;

  if (query.isPending) return <ProfileStatsSkeleton />;
  if (query.isError) {
    return <LoadErrorState heading="p" title="The stats could not be loaded" onRetry={() => void query.refetch()} />;
  }
  const stats = query.data;
  const ratings = ([1, 2, 3, 4, 5] as const).map((rating) => ({
    label: `${rating} ${rating === 1 ? 'star' : 'stars'}`,
    short: `${rating}★`,
    count: stats.rating_distribution[`${rating}`],
  }));
  const seasons = stats.reviews_per_season.map(({ season, count }) => ({
    label: String(season),
    short: String(season),
    count,
  }));
  const drivers = stats.most_starred_drivers.map(({ driver, star_count }) => ({
    label: driver.full_name,
    count: star_count,
  }));

  return (
    <div className="grid gap-4">
      <StatGrid stats={figuresOf(stats)} />
      {stats.total_reviews === 0 ? (
        <EmptyState
          icon={ChartColumnIcon}
          title={own ? 'No reviews to chart yet' : <>{name} has no reviews to chart yet</>}
          description={
            own
              ? 'Your rating distribution and reviews per season appear here after your first review.'
              : 'Their rating distribution and reviews per season appear here after their first review.'
          }
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartFigure
            id="rating-distribution"
            title="Rating distribution"
            description="How many reviews gave each rating."
            columns={['Rating', 'Reviews']}
            rows={rowsOf(ratings)}
          >
            <ColumnChart data={ratings} unit="review" />
          </ChartFigure>
          <ChartFigure
            id="reviews-per-season"
            title="Reviews per season"
            description="Reviews of each season’s races."
            columns={['Season', 'Reviews']}
            rows={rowsOf(seasons)}
          >
            <ColumnChart data={seasons} unit="review" />
          </ChartFigure>
        </div>
      )}
      {drivers.length > 0 ? (
        <ChartFigure
          id="most-starred-drivers"
          title="Most-starred drivers"
          description={<>The drivers {own ? 'you' : name} starred most often as drivers of the day.</>}
          columns={['Driver', 'Stars']}
          rows={rowsOf(drivers)}
        >
          <DriverChart data={drivers} />
        </ChartFigure>
      ) : (
        stats.total_reviews > 0 && (
          <p className="text-sm text-muted-foreground">
            {own ? 'You have' : <>{name} has</>} not starred a driver yet, so there are no favourite drivers to chart.
          </p>
        )
      )}
      <SeasonsInReview user={user} stats={stats} />
    </div>
  );
}
