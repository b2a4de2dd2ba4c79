import { thoughtTextSchema } from '@paddock/contract/thoughts';
import { z } from 'zod';

/** The form of a thought, new or edited (loaded on first use). */
export const thoughtFormSchema = z.object({ content: thoughtTextSchema });
