import { thoughtTextSchema } from '@paddock/contract/post-texts';
import { z } from 'zod';

/** The form of a thought, new or edited (loaded on first use). */
export const thoughtFormSchema = z.object({ content: thoughtTextSchema });
