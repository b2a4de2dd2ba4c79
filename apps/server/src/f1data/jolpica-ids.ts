import type { ErgastDriver } from './jolpica-client.ts';

/*
 * Ergast (Jolpica) identifiers differ from F1DB's (`red_bull` vs `red-bull`, `albert_park` vs
 * `melbourne`), and one Ergast id can stand for several F1DB constructors over the years (`sauber`
 * is Sauber until 2018 and Kick Sauber in 2024-2025). Teams and circuits are therefore mapped by
 * explicit tables; a pair missing here is reported by the sync, never guessed.
 */

interface ConstructorMapping {
  ergast: string;
  f1db: string;
  from?: number;
  to?: number;
}

export const CONSTRUCTOR_MAP: readonly ConstructorMapping[] = [
  { ergast: 'mclaren', f1db: 'mclaren' },
  { ergast: 'ferrari', f1db: 'ferrari' },
  { ergast: 'red_bull', f1db: 'red-bull' },
  { ergast: 'mercedes', f1db: 'mercedes' },
  { ergast: 'williams', f1db: 'williams' },
  { ergast: 'haas', f1db: 'haas' },
  { ergast: 'aston_martin', f1db: 'aston-martin', from: 2021 },
  { ergast: 'alpine', f1db: 'alpine', from: 2021 },
  { ergast: 'alphatauri', f1db: 'alphatauri', from: 2020, to: 2023 },
  { ergast: 'rb', f1db: 'rb', from: 2024, to: 2024 },
  { ergast: 'rb', f1db: 'racing-bulls', from: 2025 },
  { ergast: 'racing_bulls', f1db: 'racing-bulls', from: 2025 },
  { ergast: 'alfa', f1db: 'alfa-romeo', from: 2019, to: 2023 },
  { ergast: 'sauber', f1db: 'sauber', to: 2018 },
  { ergast: 'sauber', f1db: 'kick-sauber', from: 2024, to: 2025 },
  { ergast: 'audi', f1db: 'audi', from: 2026 },
  { ergast: 'cadillac', f1db: 'cadillac', from: 2026 },
  { ergast: 'racing_point', f1db: 'racing-point', from: 2019, to: 2020 },
  { ergast: 'force_india', f1db: 'force-india', from: 2008, to: 2018 },
  { ergast: 'toro_rosso', f1db: 'toro-rosso', from: 2006, to: 2019 },
  { ergast: 'renault', f1db: 'renault', from: 2016, to: 2020 },
  { ergast: 'lotus_f1', f1db: 'lotus-f1', from: 2012, to: 2015 },
  { ergast: 'caterham', f1db: 'caterham', from: 2012, to: 2014 },
  { ergast: 'marussia', f1db: 'marussia', from: 2012, to: 2015 },
  { ergast: 'manor', f1db: 'manor', from: 2016, to: 2016 },
];

export const CIRCUIT_MAP: Readonly<Record<string, string>> = {
  albert_park: 'melbourne',
  americas: 'austin',
  bahrain: 'bahrain',
  baku: 'baku',
  catalunya: 'catalunya',
  hungaroring: 'hungaroring',
  imola: 'imola',
  interlagos: 'interlagos',
  istanbul: 'istanbul',
  jeddah: 'jeddah',
  losail: 'lusail',
  madring: 'madring',
  marina_bay: 'marina-bay',
  miami: 'miami',
  monaco: 'monaco',
  monza: 'monza',
  mugello: 'mugello',
  nurburgring: 'nurburgring',
  portimao: 'portimao',
  red_bull_ring: 'spielberg',
  ricard: 'paul-ricard',
  rodriguez: 'mexico-city',
  sepang: 'sepang',
  shanghai: 'shanghai',
  silverstone: 'silverstone',
  sochi: 'sochi',
  spa: 'spa-francorchamps',
  suzuka: 'suzuka',
  vegas: 'las-vegas',
  villeneuve: 'montreal',
  yas_marina: 'yas-marina',
  zandvoort: 'zandvoort',
};

export function mapConstructorId(ergastId: string, year: number): string | null {
  const hit = CONSTRUCTOR_MAP.find(
    (m) => m.ergast === ergastId && (m.from ?? 0) <= year && year <= (m.to ?? Number.POSITIVE_INFINITY),
  );
  return hit?.f1db ?? null;
}

export function mapCircuitId(ergastId: string): string | null {
  return CIRCUIT_MAP[ergastId] ?? null;
}

/** Letters only, lower case, accents removed: "Pérez" = "perez", "de Vries" = "devries". */
export function normaliseName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

export interface KnownDriver {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  fullName: string;
  abbreviation: string | null;
  permanentNumber: string | null;
  dateOfBirth: string | null;
}

/** F1DB writes generational suffixes into last names ("Sainz Jr.", "Villeneuve, Sr."); Ergast does not. */
function withoutSuffix(lastName: string): string {
  return lastName.replace(/,?\s+(?:jr|sr|ii|iii)\.?$/i, '');
}

function nameMatches(d: KnownDriver, e: ErgastDriver): boolean {
  const family = normaliseName(withoutSuffix(e.familyName));
  const whole = normaliseName(`${e.givenName} ${e.familyName}`);
  return (
    normaliseName(withoutSuffix(d.lastName)) === family ||
    normaliseName(d.name) === whole ||
    normaliseName(d.fullName) === whole ||
    normaliseName(`${d.firstName} ${d.lastName}`) === whole
  );
}

/**
 * Finds the F1DB driver an Ergast driver stands for. Within the season's entrants a name match
 * confirmed by date of birth, car number or three-letter code is enough (a driver's permanent number
 * can change, as Verstappen's did); outside them only name plus date of birth is trusted. Anything
 * ambiguous maps to null.
 */
export function matchDriver(
  e: ErgastDriver,
  carNumber: string | undefined,
  seasonEntrants: readonly KnownDriver[],
  allDrivers: readonly KnownDriver[],
): KnownDriver | null {
  const confirmed = (d: KnownDriver) =>
    (e.dateOfBirth !== undefined && d.dateOfBirth === e.dateOfBirth) ||
    (d.permanentNumber !== null && (d.permanentNumber === e.permanentNumber || d.permanentNumber === carNumber)) ||
    (d.abbreviation !== null && e.code !== undefined && d.abbreviation === e.code);
  const inSeason = seasonEntrants.filter((d) => nameMatches(d, e) && confirmed(d));
  if (inSeason.length === 1) return inSeason[0]!;
  if (inSeason.length > 1) return null;
  if (!e.dateOfBirth) return null;
  const anywhere = allDrivers.filter((d) => d.dateOfBirth === e.dateOfBirth && nameMatches(d, e));
  return anywhere.length === 1 ? anywhere[0]! : null;
}
