import type { SearchResult } from '@paddock/contract/search';
import { CheckCircle2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CountryFlag } from '@/components/country-flag.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';

export type SearchRace = SearchResult['races'][number];
export type SearchDriver = SearchResult['drivers'][number];
export type SearchTeam = SearchResult['teams'][number];
export type SearchUser = SearchResult['users'][number];

/** The groups of spec §2 "Global search palette", in order, with where each result leads. */
export const searchGroups = {
  races: { heading: 'Races', href: (race: SearchRace) => paths.race.getHref(race.id) },
  drivers: { heading: 'Drivers', href: (driver: SearchDriver) => paths.driver.getHref(driver.id) },
  teams: { heading: 'Teams', href: (team: SearchTeam) => paths.team.getHref(team.id) },
  users: { heading: 'Users', href: (user: SearchUser) => paths.userProfile.getHref(user.username) },
} as const;

function Lines({ primary, secondary }: { primary: ReactNode; secondary: ReactNode }) {
  return (
    <span className="grid min-w-0 flex-1">
      <span className="truncate font-medium">{primary}</span>
      <span className="truncate text-xs text-muted-foreground">{secondary}</span>
    </span>
  );
}

/** Year, name, location and circuit, with a marker once the race has been run. */
export function RaceResultContent({ race }: { race: SearchRace }) {
  return (
    <>
      <span className="flex w-6 justify-center">
        <CountryFlag code={race.country_code} />
      </span>
      <Lines
        primary={
          <>
            <span className="text-muted-foreground tabular-nums">{race.season.year}</span> {race.name}
          </>
        }
        secondary={`${race.location} · ${race.circuit_name}`}
      />
      {race.is_completed && (
        <span className="ml-auto flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <CheckCircle2Icon aria-hidden className="size-3.5 text-emerald-600 dark:text-emerald-400" />
          <span className="sr-only sm:not-sr-only">Completed</span>
        </span>
      )}
    </>
  );
}

export function DriverResultContent({ driver }: { driver: SearchDriver }) {
  return (
    <>
      <span className="flex w-6 justify-center">
        <CountryFlag code={driver.country_code} />
      </span>
      <Lines
        primary={
          <>
            {driver.full_name} <span className="text-xs font-normal text-muted-foreground">{driver.short_name}</span>
          </>
        }
        secondary={driver.country}
      />
    </>
  );
}

export function TeamResultContent({ team }: { team: SearchTeam }) {
  return (
    <>
      <span className="flex w-6 justify-center">
        <CountryFlag code={team.country_code} />
      </span>
      <Lines
        primary={team.name}
        secondary={team.team_principal ? `${team.country} · Principal: ${team.team_principal}` : team.country}
      />
    </>
  );
}

export function UserResultContent({ user }: { user: SearchUser }) {
  return (
    <>
      <UserAvatar user={user} className="size-6 text-[10px]" />
      <Lines primary={<UserName user={user} />} secondary={`@${user.username}`} />
    </>
  );
}
