import { asc, desc } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { constructors, drivers, races, seasons } from '../../../db/schema/f1.ts';

/** The ids of every public F1 page: races, drivers, teams and seasons (the sitemap's entries). */
export async function selectPublicPageIds(db: Db) {
  const [raceRows, driverRows, teamRows, seasonRows] = await Promise.all([
    db.select({ id: races.id }).from(races).orderBy(asc(races.id)),
    db.select({ id: drivers.id }).from(drivers).orderBy(asc(drivers.id)),
    db.select({ id: constructors.id }).from(constructors).orderBy(asc(constructors.id)),
    db.select({ year: seasons.year }).from(seasons).orderBy(desc(seasons.year)),
  ]);
  return {
    races: raceRows.map((r) => r.id),
    drivers: driverRows.map((r) => r.id),
    teams: teamRows.map((r) => r.id),
    seasons: seasonRows.map((r) => r.year),
  };
}
