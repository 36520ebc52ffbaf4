import { z } from 'zod';
import { PLAN_IDS } from '../plans';
import { EmailSchema } from './common';

export const GenerateSignupLinkSchema = z.object({
  email: EmailSchema,
  planType: z.enum(PLAN_IDS, { error: 'Plan is required' }),
});
export type GenerateSignupLink = z.infer<typeof GenerateSignupLinkSchema>;
