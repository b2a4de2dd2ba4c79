import { passwordSchema } from '@paddock/contract/auth';
import { z } from 'zod';

const MISMATCH = 'The two passwords do not match.';

/** The contract's password rule, plus a confirmation that only the reset form has (loaded on first use). */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: MISMATCH,
    path: ['confirm'],
    // Checked even while the password breaks its own rules, so both problems show at once.
    when: () => true,
  });
