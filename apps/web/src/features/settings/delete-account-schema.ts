import { deleteMeBodySchema } from '@paddock/contract/account';
import { z } from 'zod';

const CONFIRM_MISMATCH = 'Type your username exactly to confirm.';

/** The contract's body, with the typed confirmation of `username` beside it (loaded on first use). */
export const deleteAccountFormSchema = (username: string) =>
  deleteMeBodySchema.extend({
    confirm: z.string().refine((typed) => typed.trim() === username, CONFIRM_MISMATCH),
  });
