import { z } from 'zod';

export { DATABASE_UNAVAILABLE } from './limits.ts';

const dependencyState = z.enum(['ok', 'unreachable']);

/**
 * Readiness (`/api/health/ready/`): 200 while the database answers, 503 while it does not (load balancers
 * take the instance out of rotation). Redis is reported but does not decide: the site serves without it.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: dependencyState,
  redis: z.enum(['ok', 'unreachable', 'not configured']),
});

export type Readiness = z.infer<typeof readinessSchema>;
