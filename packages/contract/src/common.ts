import { z } from 'zod';

/** DRF-shaped error bodies: `{detail}` or field errors with optional `non_field_errors`. */
export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const okSchema = z.object({ detail: z.string() });

/** Cursor pages of unbounded lists (api-decisions "Conventions"). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

/** Largest id the database stores (PostgreSQL integer); a larger one names nothing. */
export const ID_MAX = 2_147_483_647;
/** An id in a JSON body. */
export const idSchema = z.number().int().min(1).max(ID_MAX);
/** An id in a query string. */
export const idQuerySchema = z.coerce.number().int().min(1).max(ID_MAX);

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next_cursor: z.string().nullable() });
}
