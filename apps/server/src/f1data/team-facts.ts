import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ConstructorRow } from './types.ts';

/** The project's own data file of facts F1DB lacks (team principals, colours). */
export const TEAM_FACTS_FILE = path.resolve(import.meta.dirname, '../../data/team-facts.json');

const teamFactsSchema = z.object({
  asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  about: z.string().optional(),
  teams: z.record(
    z.string(),
    z.object({
      teamPrincipal: z.string().min(1).optional(),
      colour: z
        .string()
        .regex(/^#[0-9A-Fa-f]{6}$/)
        .optional(),
    }),
  ),
});

export type TeamFacts = z.infer<typeof teamFactsSchema>;

export function loadTeamFacts(file: string = TEAM_FACTS_FILE): TeamFacts {
  return teamFactsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Puts principals and colours on the constructors they name. Returns the ids the facts name that
 * are not among the constructors, so a typo in the file is reported rather than silently dropped.
 */
export function applyTeamFacts(constructors: ConstructorRow[], facts: TeamFacts): { unknownIds: string[] } {
  const byId = new Map(constructors.map((c) => [c.id, c]));
  const unknownIds: string[] = [];
  for (const [id, fact] of Object.entries(facts.teams)) {
    const row = byId.get(id);
    if (!row) {
      unknownIds.push(id);
      continue;
    }
    row.teamPrincipal = fact.teamPrincipal ?? null;
    row.colour = fact.colour ?? null;
  }
  return { unknownIds };
}
