import { z } from 'zod';
import { MAX_SHORT_TEXT, optionalText } from './common';

/** The landing page's lead modal ('Schedule Your Free Consultation'). */
export const LeadFormSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_SHORT_TEXT, `Name must be at most ${MAX_SHORT_TEXT} characters`),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email('Please enter a valid email address')),
  business: optionalText(MAX_SHORT_TEXT, 'Business name').optional(),
  phone: optionalText(40, 'Phone').optional(),
  details: optionalText(5000, 'Project details').optional(),
  /**
   * Honeypot: hidden from people (and assistive technology), filled in by bots. A request
   * with it set is accepted and silently dropped.
   */
  website: z.string().max(500).optional(),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;

/** The answer of POST /api/consultations, the same whether the request was kept or dropped. */
export const ConsultationRequestedSchema = z.object({ message: z.string() });
export type ConsultationRequested = z.infer<typeof ConsultationRequestedSchema>;

export const CONSULTATION_STATUSES = ['new', 'contacted', 'won', 'lost'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/** A stored consultation request as the admin API answers it (GET /api/admin/consultations). */
export const ConsultationRequestSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
  details: z.string().nullable(),
  status: z.enum(CONSULTATION_STATUSES),
  createdAt: z.iso.datetime(),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;

/** GET /api/admin/consultations/summary: the requests nobody has followed up yet. */
export const ConsultationSummarySchema = z.object({ new: z.number().int() });
export type ConsultationSummary = z.infer<typeof ConsultationSummarySchema>;

/** PATCH /api/admin/consultations/{id}. */
export const UpdateConsultationSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES, { error: 'Status must be new, contacted, won or lost' }),
});
export type UpdateConsultation = z.infer<typeof UpdateConsultationSchema>;
