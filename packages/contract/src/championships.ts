/*
 * Facts of the championships that server and browser both state. No zod here: the web app imports this
 * module for a number, not a validation library.
 */

/** The first season of the constructors' championship: F1DB has no constructors' standings before it. */
export const CONSTRUCTORS_CHAMPIONSHIP_FROM = 1958;
