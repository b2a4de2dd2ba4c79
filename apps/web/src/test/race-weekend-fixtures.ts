import type { DriverRef, TeamRef } from '@paddock/contract/f1';
import type { RaceWeekend, SessionRow } from '@paddock/contract/race-weekend';
import { ferrari, leclerc, mclaren, norris, piastri } from './f1-fixtures.ts';

/** A race weekend for component tests (the 2024 Italian GP of f1-fixtures.ts, with a sprint for the grids' sake). */

export const tsunoda: DriverRef = {
  id: 'yuki-tsunoda',
  full_name: 'Yuki Tsunoda',
  short_name: 'TSU',
  country_code: 'JP',
};
export const rb: TeamRef = { id: 'rb', name: 'RB', colour: '#6692FF' };

function sessionRow(
  position: number,
  driver: DriverRef,
  team: TeamRef,
  overrides: Partial<SessionRow> = {},
): SessionRow {
  return {
    position: String(position),
    position_number: position,
    driver,
    team,
    number: null,
    time: null,
    gap: null,
    interval: null,
    laps: null,
    q1: null,
    q2: null,
    q3: null,
    ...overrides,
  };
}

export const monza2024Weekend: RaceWeekend = {
  race_id: 1117,
  starting_grid: [
    { position: '1', position_number: 1, driver: norris, team: mclaren, number: '4', penalty: null, time: '1:19.327' },
    {
      position: '2',
      position_number: 2,
      driver: piastri,
      team: mclaren,
      number: '81',
      penalty: null,
      time: '1:19.436',
    },
    {
      position: '3',
      position_number: 3,
      driver: leclerc,
      team: ferrari,
      number: '16',
      penalty: null,
      time: '1:19.461',
    },
    { position: 'PL', position_number: null, driver: tsunoda, team: rb, number: '22', penalty: 'SFB', time: null },
  ],
  sprint_starting_grid: [
    {
      position: '1',
      position_number: 1,
      driver: piastri,
      team: mclaren,
      number: '81',
      penalty: null,
      time: '1:20.001',
    },
    { position: '2', position_number: 2, driver: leclerc, team: ferrari, number: '16', penalty: '3', time: '1:19.950' },
  ],
  sessions: [
    {
      session: 'FREE_PRACTICE_1',
      name: 'Practice 1',
      rows: [
        sessionRow(1, leclerc, ferrari, { number: '16', time: '1:21.676', laps: 26 }),
        sessionRow(2, norris, mclaren, { number: '4', time: '1:21.750', gap: '+0.074', interval: '+0.074', laps: 24 }),
      ],
    },
    {
      session: 'FREE_PRACTICE_2',
      name: 'Practice 2',
      rows: [
        sessionRow(1, piastri, mclaren, { number: '81', time: '1:21.317', laps: 30 }),
        sessionRow(2, leclerc, ferrari, { number: '16', time: '1:21.461', gap: '+0.144', laps: 29 }),
      ],
    },
    {
      session: 'SPRINT_QUALIFYING',
      name: 'Sprint shootout',
      rows: [
        sessionRow(1, piastri, mclaren, { number: '81', q1: '1:21.100', q2: '1:20.700', q3: '1:20.001', laps: 13 }),
        sessionRow(2, norris, mclaren, { number: '4', q1: '1:21.300', q2: '1:20.900', laps: 9 }),
      ],
    },
  ],
  pit_stops: [
    { driver: norris, team: mclaren, number: '4', stop: 1, lap: 14, time: '22.841' },
    { driver: leclerc, team: ferrari, number: '16', stop: 1, lap: 15, time: '23.004' },
    { driver: norris, team: mclaren, number: '4', stop: 2, lap: 39, time: '22.511' },
  ],
  driver_of_the_day: [
    { position: '1', position_number: 1, driver: leclerc, team: ferrari, percentage: 26.39 },
    { position: '2', position_number: 2, driver: piastri, team: mclaren, percentage: 13.9 },
    { position: '3', position_number: 3, driver: norris, team: mclaren, percentage: 9.02 },
  ],
  spoilers_hidden: false,
};

/** A weekend F1DB has nothing of beyond the classification (a 1950s race). */
export const emptyWeekend: RaceWeekend = {
  race_id: 1117,
  starting_grid: [],
  sprint_starting_grid: [],
  sessions: [],
  pit_stops: [],
  driver_of_the_day: [],
  spoilers_hidden: false,
};
