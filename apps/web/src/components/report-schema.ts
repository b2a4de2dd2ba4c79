import { createReportBodySchema } from '@paddock/contract/moderation';
import { REPORT_REASONS } from '@paddock/contract/limits';
import { z } from 'zod';

/** The report form (loaded on first use): the contract's schema, with a plainer word when no reason is chosen. */
export const reportFormSchema = createReportBodySchema.extend({
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason.' }),
});
