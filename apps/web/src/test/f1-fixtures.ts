import type {
  ClassificationRow,
  DriverDetail,
  DriverRef,
  Race,
  RaceDetail,
  RaceResults,
  SeasonRaceResult,
  SeasonStats,
  SeasonSummary,
  TeamDetail,
  TeamRef,
} from '@paddock/contract/f1';
import type { SearchResult } from '@paddock/contract/search';
import { EMPTY_RESULTS } from '@/features/search/api/get-search-results.ts';

/** F1 payloads for component tests, typed by the contract so a changed schema fails the build here. */

export const ferrari: TeamRef = { id: 'ferrari', name: 'Ferrari', colour: '#E8002D' };
export const mclaren: TeamRef = { id: 'mclaren', name: 'McLaren', colour: '#FF8000' };

export const leclerc: DriverRef = {
  id: 'charles-leclerc',
  full_name: 'Charles Leclerc',
  short_name: 'LEC',
  country_code: 'MC',
};
export const piastri: DriverRef = {
  id: 'oscar-piastri',
  full_name: 'Oscar Piastri',
  short_name: 'PIA',
  country_code: 'AU',
};
export const norris: DriverRef = {
  id: 'lando-norris',
  full_name: 'Lando Norris',
  short_name: 'NOR',
  country_code: 'GB',
};

export function raceFixture(overrides: Partial<Race> = {}): Race {
  return {
    id: 1117,
    name: 'Italian Grand Prix',
    official_name: "Formula 1 Pirelli Gran Premio d'Italia 2024",
    season: { year: 2024 },
    round_number: 16,
    circuit_name: 'Monza',
    location: 'Monza',
    country: 'Italy',
    country_code: 'IT',
    circuit: { id: 'monza', name: 'Monza', location: 'Monza', country: 'Italy', country_code: 'IT' },
    date: '2024-09-01T13:00:00.000Z',
    time_known: true,
    is_completed: true,
    has_results: true,
    average_rating: null,
    review_count: 0,
    spoilers_hidden: false,
    ...overrides,
  };
}

export const qatar2026 = raceFixture({
  id: 1171,
  name: 'Qatar Grand Prix',
  official_name: 'Formula 1 Qatar Airways Qatar Grand Prix 2026',
  season: { year: 2026 },
  round_number: 22,
  circuit_name: 'Lusail',
  location: 'Lusail',
  country: 'Qatar',
  country_code: 'QA',
  circuit: { id: 'lusail', name: 'Lusail', location: 'Lusail', country: 'Qatar', country_code: 'QA' },
  date: '2026-11-29T16:00:00.000Z',
  is_completed: false,
  has_results: false,
});

export function raceDetailFixture(overrides: Partial<RaceDetail> = {}): RaceDetail {
  return {
    ...raceFixture(),
    laps: 53,
    distance_km: 306.72,
    circuit_details: {
      full_name: 'Autodromo Nazionale Monza',
      type: 'RACE',
      length_km: 5.793,
      turns: 11,
      latitude: 45.620556,
      longitude: 9.289444,
    },
    has_sprint: false,
    winner: { position: 1, driver: leclerc, team: ferrari },
    podium: [
      { position: 1, driver: leclerc, team: ferrari },
      { position: 2, driver: piastri, team: mclaren },
      { position: 3, driver: norris, team: mclaren },
    ],
    rating_distribution: { '1': 0, '2': 1, '3': 2, '4': 5, '5': 12 },
    average_rating: 4.4,
    review_count: 20,
    previous_race_id: 1116,
    next_race_id: 1118,
    is_watched: false,
    user_review_id: null,
    ...overrides,
  };
}

function row(overrides: Partial<ClassificationRow> & Pick<ClassificationRow, 'driver' | 'team'>): ClassificationRow {
  return {
    position: '1',
    position_number: 1,
    number: null,
    grid: null,
    laps: 53,
    time: null,
    status: 'Finished',
    points: null,
    fastest_lap: false,
    elapsed_time: null,
    gap: null,
    interval: null,
    time_penalty: null,
    shared_car: false,
    pole_position: false,
    driver_of_the_day: false,
    engine: null,
    engine_models: [],
    tyres: 'Pirelli',
    chassis: [],
    entrant: null,
    ...overrides,
  };
}

export const monza2024Results: RaceResults = {
  race_id: 1117,
  classification: [
    row({
      driver: leclerc,
      team: ferrari,
      number: '16',
      grid: '4',
      time: '1:14:40.727',
      elapsed_time: '1:14:40.727',
      points: 25,
      driver_of_the_day: true,
      engine: 'Ferrari',
      engine_models: ['Ferrari 066/12 1.6 V6 t h'],
      chassis: ['Ferrari SF-24'],
      entrant: 'Scuderia Ferrari',
    }),
    row({
      position: '2',
      position_number: 2,
      driver: piastri,
      team: mclaren,
      number: '81',
      grid: '2',
      time: '+2.664',
      elapsed_time: '1:14:43.391',
      gap: '+2.664',
      interval: '+2.664',
      points: 18,
      engine: 'Mercedes',
      engine_models: ['Mercedes M15 E Performance 1.6 V6 t h'],
      chassis: ['McLaren MCL38'],
      entrant: 'McLaren Formula 1 Team',
    }),
    row({
      position: '3',
      position_number: 3,
      driver: norris,
      team: mclaren,
      number: '4',
      grid: '1',
      time: '+6.153',
      elapsed_time: '1:14:46.880',
      gap: '+6.153',
      interval: '+3.489',
      points: 16,
      fastest_lap: true,
      pole_position: true,
      engine: 'Mercedes',
      engine_models: ['Mercedes M15 E Performance 1.6 V6 t h'],
      chassis: ['McLaren MCL38'],
      entrant: 'McLaren Formula 1 Team',
    }),
    row({
      position: 'DNF',
      position_number: null,
      driver: { id: 'yuki-tsunoda', full_name: 'Yuki Tsunoda', short_name: 'TSU', country_code: 'JP' },
      team: { id: 'rb', name: 'RB', colour: '#6692FF' },
      number: '22',
      grid: '16',
      laps: 7,
      status: 'Overheating',
    }),
  ],
  sprint: [],
  qualifying: [
    {
      position: '1',
      position_number: 1,
      driver: norris,
      team: mclaren,
      q1: '1:19.911',
      q2: '1:19.727',
      q3: '1:19.327',
      time: null,
    },
    {
      position: '2',
      position_number: 2,
      driver: piastri,
      team: mclaren,
      q1: '1:20.152',
      q2: '1:19.638',
      q3: '1:19.436',
      time: null,
    },
  ],
  fastest_laps: [{ driver: norris, team: mclaren, number: '4', lap: 53, time: '1:21.432' }],
  spoilers_hidden: false,
};

export const leclercDetail: DriverDetail = {
  ...leclerc,
  country: 'Monaco',
  number: '16',
  abbreviation: 'LEC',
  current_team: ferrari,
  legal_name: 'Charles Marc Hervé Perceval Leclerc',
  date_of_birth: '1997-10-16',
  date_of_death: null,
  place_of_birth: 'Monte Carlo',
  career: {
    starts: 182,
    wins: 9,
    podiums: 54,
    poles: 24,
    fastest_laps: 12,
    points: 1810,
    championship_points: 1810,
    championships: 0,
  },
  seasons: [
    {
      year: 2025,
      teams: [ferrari],
      position: 5,
      points: 242,
      points_scored: 242,
      starts: 24,
      wins: 0,
      podiums: 7,
      best_finish: 2,
    },
    {
      year: 2018,
      teams: [{ id: 'sauber', name: 'Sauber', colour: null }],
      position: 13,
      points: 39,
      points_scored: 39,
      starts: 21,
      wins: 0,
      podiums: 0,
      best_finish: 6,
    },
  ],
  first_race: { id: 977, name: 'Australian Grand Prix', year: 2018 },
  last_race: { id: 1160, name: 'Hungarian Grand Prix', year: 2026 },
};

export const ferrariDetail: TeamDetail = {
  id: 'ferrari',
  name: 'Ferrari',
  full_name: 'Scuderia Ferrari',
  country: 'Italy',
  country_code: 'IT',
  team_principal: 'Frédéric Vasseur',
  colour: '#E8002D',
  current_drivers: [
    { ...leclerc, country: 'Monaco', number: '16', abbreviation: 'LEC', current_team: ferrari },
    {
      id: 'lewis-hamilton',
      full_name: 'Lewis Hamilton',
      short_name: 'HAM',
      country_code: 'GB',
      country: 'United Kingdom',
      number: '44',
      abbreviation: 'HAM',
      current_team: ferrari,
    },
  ],
  career: {
    starts: 1133,
    wins: 251,
    podiums: 857,
    poles: 250,
    fastest_laps: 267,
    points: 11930.77,
    championship_points: 11780.27,
    championships: 16,
    entries: 1135,
  },
  seasons: [
    { year: 2025, position: 4, points: 398, points_scored: 398, wins: 0, podiums: 7, drivers: [leclerc] },
    { year: 1950, position: null, points: null, points_scored: 21, wins: 0, podiums: 4, drivers: [] },
  ],
  first_race: { id: 2, name: 'Monaco Grand Prix', year: 1950 },
  last_race: { id: 1160, name: 'Hungarian Grand Prix', year: 2026 },
};

export const seasonsFixture: SeasonSummary[] = [
  { year: 2025, race_count: 24, completed_races: 24, driver_champion: norris, constructor_champion: mclaren },
  { year: 2024, race_count: 24, completed_races: 24, driver_champion: null, constructor_champion: mclaren },
];

export const season2024Stats: SeasonStats = {
  season: 2024,
  total_races: 24,
  completed_races: 24,
  results_pending: 0,
  standings_round: 24,
  driver_standings: [
    {
      position: 1,
      position_text: '1',
      driver: { id: 'max-verstappen', full_name: 'Max Verstappen', short_name: 'VER', country_code: 'NL' },
      teams: [{ id: 'red-bull', name: 'Red Bull', colour: '#3671C6' }],
      points: 437,
      wins: 9,
    },
    { position: 2, position_text: '2', driver: norris, teams: [mclaren], points: 374, wins: 4 },
  ],
  constructor_standings: [
    { position: 1, position_text: '1', team: mclaren, engine: 'Mercedes', name: 'McLaren', points: 666, wins: 6 },
    { position: 2, position_text: '2', team: ferrari, engine: 'Ferrari', name: 'Ferrari', points: 652, wins: 5 },
  ],
  constructors_championship: true,
  points_progression: {
    rounds: [
      { round: 1, race_id: 1102, name: 'Bahrain Grand Prix' },
      { round: 2, race_id: 1103, name: 'Saudi Arabian Grand Prix' },
    ],
    drivers: [
      {
        driver: { id: 'max-verstappen', full_name: 'Max Verstappen', short_name: 'VER', country_code: 'NL' },
        team_colour: '#3671C6',
        points: [26, 51],
      },
      { driver: norris, team_colour: '#FF8000', points: [12, 22] },
    ],
  },
  community: { most_reviewed: [], top_rated: [] },
  spoilers_hidden: false,
};

export const season2024Results: SeasonRaceResult[] = [
  {
    race: raceFixture({
      id: 1102,
      name: 'Bahrain Grand Prix',
      round_number: 1,
      date: '2024-03-02T15:00:00.000Z',
      circuit_name: 'Bahrain',
      location: 'Sakhir',
      country: 'Bahrain',
      country_code: 'BH',
    }),
    podium: [
      {
        position: 1,
        driver: { id: 'max-verstappen', full_name: 'Max Verstappen', short_name: 'VER', country_code: 'NL' },
        team: { id: 'red-bull', name: 'Red Bull', colour: '#3671C6' },
      },
    ],
  },
  { race: raceFixture(), podium: [{ position: 1, driver: leclerc, team: ferrari }] },
];

export const emptySearch: SearchResult = EMPTY_RESULTS;

export const monzaSearch: SearchResult = {
  races: [
    {
      id: 1117,
      name: 'Italian Grand Prix',
      season: { year: 2024 },
      location: 'Monza',
      circuit_name: 'Monza',
      country_code: 'IT',
      date: '2024-09-01T13:00:00.000Z',
      is_completed: true,
      spoilers_hidden: false,
    },
    {
      id: 1183,
      name: 'Italian Grand Prix',
      season: { year: 2027 },
      location: 'Monza',
      circuit_name: 'Monza',
      country_code: 'IT',
      date: '2027-09-05T13:00:00.000Z',
      is_completed: false,
      spoilers_hidden: false,
    },
  ],
  drivers: [
    { id: 'charles-leclerc', full_name: 'Charles Leclerc', short_name: 'LEC', country: 'Monaco', country_code: 'MC' },
  ],
  teams: [{ id: 'ferrari', name: 'Ferrari', country: 'Italy', country_code: 'IT', team_principal: 'Frédéric Vasseur' }],
  users: [{ id: 3, username: 'tifosi_monza', name: 'Tifosi Monza', profile_picture: null }],
  order: ['races', 'drivers', 'teams', 'users'],
};
