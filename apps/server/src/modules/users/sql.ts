import { sql, type SQL } from 'drizzle-orm';

/*
 * What the users module publishes for other modules' statements: the way to join an author and to
 * show them. Other modules never name the users table's columns themselves.
 */

/** `join users <alias> on <alias>.id = <userId>`. */
export const joinUser = (alias: string, userId: SQL) =>
  sql`join users ${sql.raw(alias)} on ${sql.raw(alias)}.id = ${userId}`;

/** The contract's UserRef (`{id, username, name, profile_picture}`) of a joined user, as json. */
export const userRefJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'name', ${alias}.name, 'profile_picture', ${alias}.profile_picture)`,
  );

/** Whether a joined user's account is private. */
export const userIsPrivate = (alias: string) => sql.raw(`${alias}.is_private`);

/** Whether the account whose id is `userId` is public, probed by primary key (for statements that join no author). */
export const accountIsPublic = (userId: SQL) =>
  sql`exists (select 1 from users pub_u where pub_u.id = ${userId} and not pub_u.is_private)`;

/** `left join users <alias> on <alias>.id = <userId>`: for rows whose author may be gone (null columns then). */
export const leftJoinUser = (alias: string, userId: SQL) =>
  sql`left join users ${sql.raw(alias)} on ${sql.raw(alias)}.id = ${userId}`;

/** The spoiler shield setting of the account `userId` (decision 033), as a scalar subquery by primary key. */
export const spoilerShieldOf = (userId: number) =>
  sql`(select shield_u.spoiler_shield from users shield_u where shield_u.id = ${userId})`;
