import type { SearchGroup, SearchResult } from '@paddock/contract/search';
import { SPOILERS_HIDDEN_TEXT } from '@paddock/contract/spoilers';
import { CheckCircle2Icon, EyeOffIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CountryFlag } from '@/components/country-flag.tsx';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { UserName } from '@/components/user-text.tsx';
import { paths } from '@/config/paths.ts';

export type SearchRace = SearchResult['races'][number];
export type SearchDriver = SearchResult['drivers'][number];
export type SearchTeam = SearchResult['teams'][number];
export type SearchUser = SearchResult['users'][number];

/** One result as the palette and the search page show it: a key, where it leads, what it shows. */
export interface SearchHit {
  key: string;
  href: string;
  content: ReactNode;
  /** A race the reader's spoiler shield hides (decision 033): the palette offers to lift it. */
  shieldedRaceId?: number;
}

export interface SearchHitGroup {
  group: SearchGroup;
  heading: string;
  hits: SearchHit[];
}

/** The headings of spec §2 "Global search palette". */
const HEADINGS: Record<SearchGroup, string> = { races: 'Races', drivers: 'Drivers', teams: 'Teams', users: 'Users' };

/**
 * The groups of a search answer that have results, in the server's order (the group of the best hit
 * first), each result with its link and content.
 */
export function searchHitGroups(results: SearchResult): SearchHitGroup[] {
  const hits: Record<SearchGroup, SearchHit[]> = {
    races: results.races.map((race) => ({
      key: `race-${race.id}`,
      href: paths.race.getHref(race.id),
      content: <RaceResultContent race={race} />,
      ...(race.spoilers_hidden ? { shieldedRaceId: race.id } : {}),
    })),
    drivers: results.drivers.map((driver) => ({
      key: `driver-${driver.id}`,
      href: paths.driver.getHref(driver.id),
      content: <DriverResultContent driver={driver} />,
    })),
    teams: results.teams.map((team) => ({
      key: `team-${team.id}`,
      href: paths.team.getHref(team.id),
      content: <TeamResultContent team={team} />,
    })),
    users: results.users.map((user) => ({
      key: `user-${user.username}`,
      href: paths.userProfile.getHref(user.username),
      content: <UserResultContent user={user} />,
    })),
  };
  return results.order
    .map((group) => ({ group, heading: HEADINGS[group], hits: hits[group] }))
    .filter((group) => group.hits.length > 0);
}

function Lines({ primary, secondary }: { primary: ReactNode; secondary: ReactNode }) {
  return (
    <span className="grid min-w-0 flex-1">
      <span className="truncate font-medium">{primary}</span>
      <span className="truncate text-xs text-muted-foreground">{secondary}</span>
    </span>
  );
}

/**
 * Year, name, location and circuit, with a marker once the race has been run; a race the reader's spoiler
 * shield hides says so (decision 033).
 */
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
        secondary={
          race.spoilers_hidden ? (
            <span className="inline-flex items-center gap-1">
              <EyeOffIcon aria-hidden className="size-3" />
              {SPOILERS_HIDDEN_TEXT}
            </span>
          ) : (
            `${race.location} · ${race.circuit_name}`
          )
        }
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
