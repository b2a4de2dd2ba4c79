import type { RaceLink } from '@paddock/contract/f1';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/utils.ts';

/**
 * The "First race" and "Latest race" entries of a profile's description list; each is left out when
 * unknown. The class names let a hero on a team-coloured background keep its own contrast.
 */
export function FirstLastRace({
  first,
  last,
  termClassName,
  linkClassName,
}: {
  first: RaceLink | null;
  last: RaceLink | null;
  termClassName: string;
  linkClassName: string;
}) {
  return (
    <>
      {first && <RaceItem term="First race" race={first} termClassName={termClassName} linkClassName={linkClassName} />}
      {last && <RaceItem term="Latest race" race={last} termClassName={termClassName} linkClassName={linkClassName} />}
    </>
  );
}

function RaceItem({
  term,
  race,
  termClassName,
  linkClassName,
}: {
  term: string;
  race: RaceLink;
  termClassName: string;
  linkClassName: string;
}) {
  return (
    <div>
      <dt className={termClassName}>{term}</dt>
      <dd>
        {/* At least 24 px tall, a tap target of WCAG 2.5.8. */}
        <Link to={paths.race.getHref(race.id)} className={cn('inline-flex min-h-6 items-center', linkClassName)}>
          {race.year} {race.name}
        </Link>
      </dd>
    </div>
  );
}
