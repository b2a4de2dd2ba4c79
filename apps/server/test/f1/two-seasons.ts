import type { Db } from '../../src/db/client.ts';
import {
  addConstructorStanding,
  addDriverStanding,
  addEntry,
  addFastestLap,
  addQualifying,
  addResult,
  createCountry,
  createDriver,
  createRace,
  createTeam,
  DAY,
} from '../support/factories/f1.ts';

/*
 * Two seasons of a small championship, shared by the driver, team and season tests:
 * - 2022, complete: two races (the second with a sprint), final and per-race standings; Leclerc
 *   and Ferrari are champions.
 * - 2023, still running: one race with results, one in the future; its season-level standings
 *   (F1DB keeps current ones there) put Pérez first, which is no championship yet.
 * Entries of 2023 include a Ferrari test driver, who is no race driver.
 */
export async function buildTwoSeasons(db: Db) {
  const nl = await createCountry(db, { id: 'netherlands', name: 'Netherlands', alpha2Code: 'NL' });
  const mc = await createCountry(db, { id: 'monaco', name: 'Monaco', alpha2Code: 'MC' });
  const mx = await createCountry(db, { id: 'mexico', name: 'Mexico', alpha2Code: 'MX' });
  const es = await createCountry(db, { id: 'spain', name: 'Spain', alpha2Code: 'ES' });
  const th = await createCountry(db, { id: 'thailand', name: 'Thailand', alpha2Code: 'TH' });
  const at = await createCountry(db, { id: 'austria', name: 'Austria', alpha2Code: 'AT' });
  const it = await createCountry(db, { id: 'italy', name: 'Italy', alpha2Code: 'IT' });
  const gb = await createCountry(db, { id: 'united-kingdom', name: 'United Kingdom', alpha2Code: 'GB' });

  const redBull = await createTeam(db, {
    id: 'red-bull',
    name: 'Red Bull',
    fullName: 'Red Bull Racing',
    countryId: at.id,
    colour: '#3671C6',
  });
  const ferrari = await createTeam(db, {
    id: 'ferrari',
    name: 'Ferrari',
    fullName: 'Scuderia Ferrari',
    countryId: it.id,
    colour: '#E8002D',
  });
  const williams = await createTeam(db, {
    id: 'williams',
    name: 'Williams',
    fullName: 'Williams Racing',
    countryId: gb.id,
    colour: '#64C4FF',
  });

  const ver = await createDriver(db, {
    id: 'max-verstappen',
    name: 'Max Verstappen',
    firstName: 'Max',
    lastName: 'Verstappen',
    fullName: 'Max Emilian Verstappen',
    abbreviation: 'VER',
    permanentNumber: '1',
    nationalityCountryId: nl.id,
  });
  const per = await createDriver(db, {
    id: 'sergio-perez',
    name: 'Sergio Pérez',
    firstName: 'Sergio',
    lastName: 'Pérez',
    fullName: 'Sergio Michel Pérez Mendoza',
    abbreviation: 'PER',
    permanentNumber: '11',
    nationalityCountryId: mx.id,
  });
  const lec = await createDriver(db, {
    id: 'charles-leclerc',
    name: 'Charles Leclerc',
    firstName: 'Charles',
    lastName: 'Leclerc',
    fullName: 'Charles Marc Hervé Perceval Leclerc',
    abbreviation: 'LEC',
    permanentNumber: '16',
    nationalityCountryId: mc.id,
    dateOfBirth: '1997-10-16',
    placeOfBirth: 'Monte Carlo',
  });
  const sai = await createDriver(db, {
    id: 'carlos-sainz-jr',
    name: 'Carlos Sainz Jr.',
    firstName: 'Carlos',
    lastName: 'Sainz',
    fullName: 'Carlos Sainz Vázquez de Castro',
    abbreviation: 'SAI',
    permanentNumber: '55',
    nationalityCountryId: es.id,
  });
  const alb = await createDriver(db, {
    id: 'alexander-albon',
    name: 'Alexander Albon',
    firstName: 'Alexander',
    lastName: 'Albon',
    fullName: 'Alexander Albon Ansusinha',
    abbreviation: null,
    permanentNumber: '23',
    nationalityCountryId: th.id,
  });
  const tester = await createDriver(db, {
    id: 'robert-shwartzman',
    name: 'Robert Shwartzman',
    lastName: 'Shwartzman',
    abbreviation: 'SHW',
  });

  for (const year of [2022, 2023]) {
    await addEntry(db, { year, teamId: redBull.id, driverId: ver.id });
    await addEntry(db, { year, teamId: redBull.id, driverId: per.id });
    await addEntry(db, { year, teamId: ferrari.id, driverId: lec.id });
    await addEntry(db, { year, teamId: ferrari.id, driverId: sai.id });
    await addEntry(db, { year, teamId: williams.id, driverId: alb.id });
  }
  await addEntry(db, { year: 2023, teamId: ferrari.id, driverId: tester.id, testDriver: true });

  const r1 = await createRace(db, {
    year: 2022,
    startsAt: new Date('2022-03-20T15:00:00Z'),
    grandPrix: { name: 'Bahrain', fullName: 'Bahrain Grand Prix' },
  });
  const r2 = await createRace(db, {
    year: 2022,
    startsAt: new Date('2022-04-24T13:00:00Z'),
    sprintRaceDate: '2022-04-23',
    grandPrix: { name: 'Emilia-Romagna', fullName: 'Emilia Romagna Grand Prix' },
  });
  const r3 = await createRace(db, {
    year: 2023,
    startsAt: new Date('2023-03-05T15:00:00Z'),
    grandPrix: { name: 'Sakhir', fullName: 'Sakhir Grand Prix' },
  });
  const r4 = await createRace(db, {
    year: 2023,
    startsAt: new Date(Date.now() + 30 * DAY),
    grandPrix: { name: 'Future', fullName: 'Future Grand Prix' },
  });

  const rb = (d: { id: string }) => ({ driverId: d.id, teamId: redBull.id });
  const fe = (d: { id: string }) => ({ driverId: d.id, teamId: ferrari.id });
  const wi = (d: { id: string }) => ({ driverId: d.id, teamId: williams.id });

  // 2022 round 1: VER wins, LEC took the qualifying pole, VER the fastest lap; SAI retires.
  await addResult(db, { raceId: r1.id, ...rb(ver), position: 1, points: 25, grid: 2 });
  await addResult(db, { raceId: r1.id, ...fe(lec), position: 2, points: 18, grid: 1, gap: '+1.234' });
  await addResult(db, { raceId: r1.id, ...rb(per), position: 3, points: 15, grid: 4, gap: '+8.000' });
  await addResult(db, { raceId: r1.id, ...wi(alb), position: 4, points: 12, grid: 10, gap: '+1 lap' });
  await addResult(db, { raceId: r1.id, ...fe(sai), position: 'DNF', reasonRetired: 'Hydraulics', grid: 3 });
  await addQualifying(db, { raceId: r1.id, ...fe(lec), position: 1, q3: '1:30.558' });
  await addQualifying(db, { raceId: r1.id, ...rb(ver), position: 2, q3: '1:30.681' });
  await addFastestLap(db, { raceId: r1.id, ...rb(ver), lap: 51, time: '1:34.570' });

  // 2022 round 2: LEC wins the sprint and the race; VER's pole is only on the result row; PER did not start.
  await addResult(db, { raceId: r2.id, ...fe(lec), position: 1, points: 8, session: 'SPRINT_RACE' });
  await addResult(db, { raceId: r2.id, ...rb(ver), position: 2, points: 7, session: 'SPRINT_RACE' });
  await addResult(db, { raceId: r2.id, ...fe(lec), position: 1, points: 25, grid: 2, fastestLap: true });
  await addResult(db, { raceId: r2.id, ...rb(ver), position: 2, points: 18, grid: 1, polePosition: true });
  await addResult(db, { raceId: r2.id, ...fe(sai), position: 3, points: 15, grid: 3 });
  await addResult(db, { raceId: r2.id, ...wi(alb), position: 4, points: 12, grid: 8 });
  await addResult(db, { raceId: r2.id, ...rb(per), position: 'DNS' });

  // 2023 round 1: PER wins; round 2 is weeks away.
  await addResult(db, { raceId: r3.id, ...rb(per), position: 1, points: 25 });
  await addResult(db, { raceId: r3.id, ...rb(ver), position: 2, points: 18 });
  await addResult(db, { raceId: r3.id, ...fe(lec), position: 3, points: 15 });

  const driverTable = async (year: number, raceId: number | null, rows: [{ id: string }, number][]) => {
    for (const [i, [d, points]] of rows.entries())
      await addDriverStanding(db, { year, raceId, driverId: d.id, position: i + 1, points });
  };
  const teamTable = async (year: number, raceId: number | null, rows: [{ id: string }, number][]) => {
    for (const [i, [team, points]] of rows.entries())
      await addConstructorStanding(db, { year, raceId, teamId: team.id, position: i + 1, points });
  };
  await driverTable(2022, r1.id, [
    [ver, 25],
    [lec, 18],
    [per, 15],
    [alb, 12],
    [sai, 0],
  ]);
  await driverTable(2022, r2.id, [
    [lec, 51],
    [ver, 50],
    [alb, 24],
    [per, 15],
    [sai, 15],
  ]);
  await driverTable(2022, null, [
    [lec, 51],
    [ver, 50],
    [alb, 24],
    [per, 15],
    [sai, 15],
  ]);
  await teamTable(2022, r1.id, [
    [redBull, 40],
    [ferrari, 18],
    [williams, 12],
  ]);
  await teamTable(2022, null, [
    [ferrari, 66],
    [redBull, 65],
    [williams, 24],
  ]);
  await driverTable(2023, r3.id, [
    [per, 25],
    [ver, 18],
    [lec, 15],
  ]);
  await driverTable(2023, null, [
    [per, 25],
    [ver, 18],
    [lec, 15],
  ]);
  await teamTable(2023, null, [
    [redBull, 43],
    [ferrari, 15],
  ]);

  return {
    races: { r1, r2, r3, r4 },
    drivers: { ver, per, lec, sai, alb, tester },
    teams: { redBull, ferrari, williams },
  };
}
