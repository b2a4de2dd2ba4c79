import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { currentUserSchema, userRefSchema } from './users.ts';
import { PASSWORD_MAX } from './auth.ts';
import { spoilerShieldSchema } from './spoiler-shield.ts';

/*
 * "Download your data" (issue 24, decision 029): everything an account wrote and chose, as one JSON
 * document streamed to it. Times are ISO 8601 in UTC; ids are the site's; `race` names a race by year and
 * grand prix ("2024 Italian Grand Prix").
 */

export const EXPORT_FORMAT = 'paddock-export';
export const EXPORT_VERSION = 1;

const time = z.string().describe('ISO 8601, UTC');
const race = z.string().nullable().describe('The race by year and name, "2024 Italian Grand Prix"');
const liked = (key: string) => z.object({ [key]: z.number().int(), liked_at: time });
const relation = z.object({ id: z.number().int(), user: userRefSchema, since: time });
const comment = (subject: string) =>
  z.object({
    id: z.number().int(),
    [subject]: z.number().int(),
    parent_comment_id: z.number().int().nullable(),
    comment: z.string(),
    like_count: z.number().int(),
    created_at: time,
    updated_at: time,
  });

export const accountExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: time,
  profile: currentUserSchema,
  settings: z.object({ is_private: z.boolean(), spoiler_shield: spoilerShieldSchema }),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      race_id: z.number().int(),
      race,
      rating: z.number().int(),
      review_text: z.string().nullable(),
      like_count: z.number().int(),
      comment_count: z.number().int(),
      created_at: time,
      updated_at: time,
    }),
  ),
  review_comments: z.array(comment('review_id')).describe('Comments and replies on reviews'),
  review_likes: z.array(liked('review_id')),
  review_comment_likes: z.array(liked('comment_id')),
  thoughts: z.array(
    z.object({
      id: z.number().int(),
      race_id: z.number().int(),
      race,
      content: z.string(),
      like_count: z.number().int(),
      comment_count: z.number().int(),
      created_at: time,
      updated_at: time,
    }),
  ),
  thought_comments: z.array(comment('thought_id')).describe('Comments and replies on race thoughts'),
  thought_likes: z.array(liked('thought_id')),
  thought_comment_likes: z.array(liked('comment_id')),
  following: z.array(relation).describe('Accounts this one follows'),
  followers: z.array(relation),
  follow_requests_sent: z.array(relation).describe('Requests to private accounts, waiting'),
  follow_requests_received: z.array(relation),
  blocks: z.array(relation),
  mutes: z.array(relation),
  watchlists: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string(),
      is_public: z.boolean(),
      share_token: z.string(),
      created_at: time,
      updated_at: time,
      races: z.array(z.object({ race_id: z.number().int(), race, added_at: time })).describe('In the list order'),
    }),
  ),
  starred_drivers: z.array(
    z.object({ id: z.number().int(), race_id: z.number().int(), race, driver_id: z.string(), created_at: time }),
  ),
  watched_races: z.array(z.object({ race_id: z.number().int(), race, watched_at: time })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** Decision 032 texts. */
export const DELETE_PASSWORD_WRONG = 'The password is not correct.';
export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account.';

/** DELETE /social/users/me/: the account's password, asked again. */
export const deleteMeBodySchema = z.object({
  password: z.string({ error: DELETE_PASSWORD_REQUIRED }).min(1, DELETE_PASSWORD_REQUIRED).max(PASSWORD_MAX),
});
export type DeleteMeBody = z.infer<typeof deleteMeBodySchema>;

export const accountEndpoints = {
  deleteMe: endpoint(routes.deleteMe, { body: deleteMeBodySchema, response: z.null(), statuses: [204] }),
  exportMyData: endpoint(routes.exportMyData, { response: accountExportSchema, stream: 'application/json' }),
};
