/*
 * Facts read from F1DB (commit 6a5845b, the source of the shipped seed) and written down here, so
 * tests can check what the seed and the API answer without the F1DB tree at hand.
 */

export interface RaceFact {
  id: number;
  year: number;
  round: number;
  date: string;
  /** UTC start as F1DB has it (only recent races have one). */
  time: string | null;
  grandPrix: string;
  circuitId: string;
  circuitName: string;
  /** Driver ids of the first three of the classification. */
  podium: [string, string, string];
  winnerTeam: string;
}

export const RACE_FACTS: RaceFact[] = [
  { id: 1, year: 1950, round: 1, date: '1950-05-13', time: null, grandPrix: 'British Grand Prix', circuitId: 'silverstone', circuitName: 'Silverstone', podium: ['nino-farina', 'luigi-fagioli', 'reg-parnell'], winnerTeam: 'alfa-romeo' },
  { id: 12, year: 1951, round: 5, date: '1951-07-14', time: null, grandPrix: 'British Grand Prix', circuitId: 'silverstone', circuitName: 'Silverstone', podium: ['jose-froilan-gonzalez', 'juan-manuel-fangio', 'luigi-villoresi'], winnerTeam: 'ferrari' },
  { id: 43, year: 1955, round: 2, date: '1955-05-22', time: null, grandPrix: 'Monaco Grand Prix', circuitId: 'monaco', circuitName: 'Monaco', podium: ['maurice-trintignant', 'eugenio-castellotti', 'jean-behra'], winnerTeam: 'ferrari' },
  { id: 62, year: 1957, round: 6, date: '1957-08-04', time: null, grandPrix: 'German Grand Prix', circuitId: 'nurburgring', circuitName: 'Nürburgring', podium: ['juan-manuel-fangio', 'mike-hawthorn', 'peter-collins'], winnerTeam: 'maserati' },
  { id: 101, year: 1961, round: 7, date: '1961-09-10', time: null, grandPrix: 'Italian Grand Prix', circuitId: 'monza', circuitName: 'Monza', podium: ['phil-hill', 'dan-gurney', 'bruce-mclaren'], winnerTeam: 'ferrari' },
  { id: 153, year: 1967, round: 3, date: '1967-06-04', time: null, grandPrix: 'Dutch Grand Prix', circuitId: 'zandvoort', circuitName: 'Zandvoort', podium: ['jim-clark', 'jack-brabham', 'denny-hulme'], winnerTeam: 'lotus' },
  { id: 203, year: 1971, round: 6, date: '1971-07-17', time: null, grandPrix: 'British Grand Prix', circuitId: 'silverstone', circuitName: 'Silverstone', podium: ['jackie-stewart', 'ronnie-peterson', 'emerson-fittipaldi'], winnerTeam: 'tyrrell' },
  { id: 280, year: 1976, round: 16, date: '1976-10-24', time: null, grandPrix: 'Japanese Grand Prix', circuitId: 'fuji', circuitName: 'Fuji', podium: ['mario-andretti', 'patrick-depailler', 'james-hunt'], winnerTeam: 'lotus' },
  { id: 363, year: 1982, round: 6, date: '1982-05-23', time: null, grandPrix: 'Monaco Grand Prix', circuitId: 'monaco', circuitName: 'Monaco', podium: ['riccardo-patrese', 'didier-pironi', 'andrea-de-cesaris'], winnerTeam: 'brabham' },
  { id: 404, year: 1984, round: 16, date: '1984-10-21', time: null, grandPrix: 'Portuguese Grand Prix', circuitId: 'estoril', circuitName: 'Estoril', podium: ['alain-prost', 'niki-lauda', 'ayrton-senna'], winnerTeam: 'mclaren' },
  { id: 467, year: 1988, round: 15, date: '1988-10-30', time: null, grandPrix: 'Japanese Grand Prix', circuitId: 'suzuka', circuitName: 'Suzuka', podium: ['ayrton-senna', 'alain-prost', 'thierry-boutsen'], winnerTeam: 'mclaren' },
  { id: 502, year: 1991, round: 2, date: '1991-03-24', time: null, grandPrix: 'Brazilian Grand Prix', circuitId: 'interlagos', circuitName: 'José Carlos Pace', podium: ['ayrton-senna', 'riccardo-patrese', 'gerhard-berger'], winnerTeam: 'mclaren' },
  { id: 551, year: 1994, round: 3, date: '1994-05-01', time: null, grandPrix: 'San Marino Grand Prix', circuitId: 'imola', circuitName: 'Enzo e Dino Ferrari', podium: ['michael-schumacher', 'nicola-larini', 'mika-hakkinen'], winnerTeam: 'benetton' },
  { id: 614, year: 1997, round: 17, date: '1997-10-26', time: null, grandPrix: 'European Grand Prix', circuitId: 'jerez', circuitName: 'Jerez', podium: ['mika-hakkinen', 'david-coulthard', 'jacques-villeneuve'], winnerTeam: 'mclaren' },
  { id: 660, year: 2000, round: 14, date: '2000-09-10', time: null, grandPrix: 'Italian Grand Prix', circuitId: 'monza', circuitName: 'Monza', podium: ['michael-schumacher', 'mika-hakkinen', 'ralf-schumacher'], winnerTeam: 'ferrari' },
  { id: 749, year: 2005, round: 18, date: '2005-10-09', time: null, grandPrix: 'Japanese Grand Prix', circuitId: 'suzuka', circuitName: 'Suzuka', podium: ['kimi-raikkonen', 'giancarlo-fisichella', 'fernando-alonso'], winnerTeam: 'mclaren' },
  { id: 803, year: 2008, round: 18, date: '2008-11-02', time: null, grandPrix: 'Brazilian Grand Prix', circuitId: 'interlagos', circuitName: 'José Carlos Pace', podium: ['felipe-massa', 'fernando-alonso', 'kimi-raikkonen'], winnerTeam: 'ferrari' },
  { id: 839, year: 2010, round: 19, date: '2010-11-14', time: null, grandPrix: 'Abu Dhabi Grand Prix', circuitId: 'yas-marina', circuitName: 'Yas Marina', podium: ['sebastian-vettel', 'lewis-hamilton', 'jenson-button'], winnerTeam: 'red-bull' },
  { id: 878, year: 2012, round: 20, date: '2012-11-25', time: null, grandPrix: 'Brazilian Grand Prix', circuitId: 'interlagos', circuitName: 'José Carlos Pace', podium: ['jenson-button', 'fernando-alonso', 'felipe-massa'], winnerTeam: 'mclaren' },
  { id: 940, year: 2016, round: 5, date: '2016-05-15', time: null, grandPrix: 'Spanish Grand Prix', circuitId: 'catalunya', circuitName: 'Catalunya', podium: ['max-verstappen', 'kimi-raikkonen', 'sebastian-vettel'], winnerTeam: 'red-bull' },
  { id: 1008, year: 2019, round: 11, date: '2019-07-28', time: null, grandPrix: 'German Grand Prix', circuitId: 'hockenheimring', circuitName: 'Hockenheimring', podium: ['max-verstappen', 'sebastian-vettel', 'daniil-kvyat'], winnerTeam: 'red-bull' },
  { id: 1057, year: 2021, round: 22, date: '2021-12-12', time: null, grandPrix: 'Abu Dhabi Grand Prix', circuitId: 'yas-marina', circuitName: 'Yas Marina', podium: ['max-verstappen', 'lewis-hamilton', 'carlos-sainz-jr'], winnerTeam: 'red-bull' },
  { id: 1088, year: 2023, round: 9, date: '2023-07-02', time: null, grandPrix: 'Austrian Grand Prix', circuitId: 'spielberg', circuitName: 'Red Bull Ring', podium: ['max-verstappen', 'charles-leclerc', 'sergio-perez'], winnerTeam: 'red-bull' },
  { id: 1109, year: 2024, round: 8, date: '2024-05-26', time: '13:00', grandPrix: 'Monaco Grand Prix', circuitId: 'monaco', circuitName: 'Monaco', podium: ['charles-leclerc', 'oscar-piastri', 'carlos-sainz-jr'], winnerTeam: 'ferrari' },
  { id: 1149, year: 2025, round: 24, date: '2025-12-07', time: '13:00', grandPrix: 'Abu Dhabi Grand Prix', circuitId: 'yas-marina', circuitName: 'Yas Marina', podium: ['max-verstappen', 'oscar-piastri', 'lando-norris'], winnerTeam: 'red-bull' },
  { id: 1150, year: 2026, round: 1, date: '2026-03-08', time: '04:00', grandPrix: 'Australian Grand Prix', circuitId: 'melbourne', circuitName: 'Melbourne', podium: ['george-russell', 'kimi-antonelli', 'charles-leclerc'], winnerTeam: 'mercedes' },
];

/** Final standings leaders (2026: after the last race F1DB has, the 2026 Hungarian GP). */
export const CHAMPIONS: { year: number; driver: string; points: number; constructor: string | null }[] = [
  { year: 1950, driver: 'nino-farina', points: 30, constructor: null },
  { year: 1958, driver: 'mike-hawthorn', points: 42, constructor: 'vanwall' },
  { year: 1976, driver: 'james-hunt', points: 69, constructor: 'ferrari' },
  { year: 1988, driver: 'ayrton-senna', points: 90, constructor: 'mclaren' },
  { year: 1994, driver: 'michael-schumacher', points: 92, constructor: 'williams' },
  { year: 2008, driver: 'lewis-hamilton', points: 98, constructor: 'ferrari' },
  { year: 2016, driver: 'nico-rosberg', points: 385, constructor: 'mercedes' },
  { year: 2021, driver: 'max-verstappen', points: 395.5, constructor: 'mercedes' },
  { year: 2024, driver: 'max-verstappen', points: 437, constructor: 'mclaren' },
  { year: 2025, driver: 'lando-norris', points: 423, constructor: 'mclaren' },
  { year: 2026, driver: 'kimi-antonelli', points: 219, constructor: 'mercedes' },
];
