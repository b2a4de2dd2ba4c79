/*
 * Names fans search by that F1DB's names do not carry, searched like a name. F1DB has no nicknames,
 * and the database keeps a circuit's current name only (F1DB's previous names are not imported), so
 * the ones fans use widely are listed here, by F1DB id.
 */

/** Drivers' nicknames: "checo" finds Sergio Pérez. */
export const DRIVER_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  'sergio-perez': ['Checo'],
  'kimi-raikkonen': ['Iceman'],
  'michael-schumacher': ['Schumi'],
  'daniel-ricciardo': ['Honey Badger'],
  'alain-prost': ['The Professor'],
  'nigel-mansell': ['Il Leone'],
  'juan-pablo-montoya': ['JPM'],
  'carlos-sainz-jr': ['Smooth Operator'],
};

/** Circuits' other names: "interlagos" finds the races at José Carlos Pace, "cota" those at Austin. */
export const CIRCUIT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  interlagos: ['Interlagos'],
  austin: ['Circuit of the Americas', 'COTA'],
  catalunya: ['Barcelona-Catalunya', 'Barcelona'],
  spielberg: ['Österreichring', 'A1-Ring'],
  melbourne: ['Albert Park'],
};
