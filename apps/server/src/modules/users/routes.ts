import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, usersEndpoints } from '@paddock/contract';
import { fieldErrors, HttpError, unsupportedMediaType } from '../../lib/errors.ts';
import { errorBody } from '../../lib/openapi.ts';
import { route, signedIn } from '../../lib/route.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { AVATAR_MAX_PIXELS, AVATAR_SIZE, reencodeAvatar } from './avatars.ts';
import { getCurrentUser, setAvatar, updateMe } from './service.ts';

const tags = ['users'];
const unauthorizedBody = errorBody(
  '`{"detail": "Authentication credentials were not provided."}` or an invalid token.',
);

export const AVATAR_INVALID = 'Upload a valid image: PNG, JPEG or WebP.';
export const AVATAR_TOO_LARGE = `The file is too large (${AVATAR_MAX_BYTES / (1024 * 1024)} MB at most).`;
const AVATAR_MISSING = 'No file was submitted.';

/** The bytes of the one `avatar` file of a multipart request, with DRF-style field errors. */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw unsupportedMediaType(request.headers['content-type']);
  }
  try {
    const part = await request.file();
    if (part?.fieldname !== 'avatar') throw fieldErrors({ avatar: [AVATAR_MISSING] });
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldErrors({ avatar: [AVATAR_TOO_LARGE] });
    // Malformed multipart bodies are the client's fault, not a server error.
    request.log.info({ err }, 'unreadable avatar upload');
    throw fieldErrors({ avatar: ['The submitted data was not a file. Check the encoding type on the form.'] });
  }
}

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.database.db, events: app.events, mediaDir: app.config.MEDIA_DIR, log: app.log };

  route(
    app,
    usersEndpoints.getMe,
    {
      tags,
      summary: 'The signed-in user',
      description:
        'The Current user of the spec plus `email`, `bio` and `spoiler_shield` (decision 033: `off`, `recent` or `unwatched`; see PATCH). `following_count` and `followers_count` count accepted follows only.',
      security: signedIn,
      errors: { 401: unauthorizedBody },
    },
    async (request) => getCurrentUser(ctx, requireUser(request)),
  );

  route(
    app,
    usersEndpoints.updateMe,
    {
      tags,
      summary: 'Edit the signed-in user',
      description:
        'Changes any of name, bio, is_private and spoiler_shield; `profile_picture: null` removes the avatar. Making a private account public accepts its pending follow requests; making it private keeps its followers.\n\n' +
        "`spoiler_shield` (decision 033): `off` (the default); `recent`, races that finished in the last 14 days (a race is run from its start and finishes 3 hours after it) and that the account has not marked watched; `unwatched`, every race run that it has not marked watched. For those races the API withholds from this account, and only from it, what would spoil them: results, podium, winner, fastest lap, standings, the race's ratings and the rating and text of others' reviews of it, each answer saying so with `spoilers_hidden: true`. Marking the race watched lifts it at once; the `X-Spoilers-Revealed` header lifts it for the races it names, for the requests that send it.\n\n" +
        'Names and bios refuse invisible formatting characters (Unicode format characters such as bidi overrides and isolates, zero-width spaces and joiners, the byte order mark; control characters other than whitespace), except joiners inside an emoji sequence or between letters of a script that needs them. ' +
        'A name is stored trimmed with every run of whitespace as one space, at most 100 characters; a new name must not be another member\'s username, ignoring case and a leading "@" (the own username is fine). ' +
        'A bio keeps its lines: runs of spaces and tabs become one space, each line and the whole are trimmed, and at most one blank line stays between paragraphs; at most 300 characters after that.',
      security: signedIn,
      errors: {
        400: errorBody(
          'Field errors `{"name": ["Invisible formatting characters are not allowed."]}`, `{"name": ["A name cannot be another member\'s @username."]}`, `{"bio": ["..."]}`, `{"spoiler_shield": ["\\"sometimes\\" is not a valid choice."]}`.',
        ),
        401: unauthorizedBody,
      },
    },
    async (request) => updateMe(ctx, requireUser(request), request.body),
  );

  // The multipart body is read by readAvatarUpload; the endpoint's body schema documents it only.
  route(
    app,
    usersEndpoints.uploadAvatar,
    {
      tags,
      summary: 'Upload a new avatar',
      description: `multipart/form-data with one file field \`avatar\`: a PNG, JPEG or WebP image (recognised by its content, not its name or declared type) of at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB and ${AVATAR_MAX_PIXELS / 1_000_000} megapixels. The image is decoded and stored re-encoded as a ${AVATAR_SIZE}×${AVATAR_SIZE} WebP (cropped to a square, turned upright, metadata dropped). The previous avatar is deleted. Answers \`{profile_picture}\`, a path under /media/avatars/.`,
      security: signedIn,
      errors: {
        400: errorBody(`\`{"avatar": ["${AVATAR_INVALID}"]}\` or \`{"avatar": ["${AVATAR_TOO_LARGE}"]}\``),
        401: unauthorizedBody,
        415: errorBody('Not a multipart request.'),
      },
    },
    async (request) => {
      const userId = requireUser(request);
      const bytes = await readAvatarUpload(request);
      const webp = await reencodeAvatar(bytes);
      if (!webp) throw fieldErrors({ avatar: [AVATAR_INVALID] });
      return { profile_picture: await setAvatar(ctx, userId, webp) };
    },
  );
};
