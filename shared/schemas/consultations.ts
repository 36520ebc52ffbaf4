import { z } from '../zod';
import { ListQuerySchema, MAX_SHORT_TEXT, optionalText, pageSchema, statusFilter } from './common';

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
  /** The plan whose pricing button opened the form; none from the other buttons. */
  planId: z
    .string({ error: 'Choose one of the plans' })
    .trim()
    .min(1, 'Choose one of the plans')
    .max(64, 'Choose one of the plans')
    .optional(),
  /**
   * Honeypot: hidden from people (and assistive technology), filled in by bots. A request
   * with it set is accepted and silently dropped.
   */
  website: z.string().max(500).optional(),
});
export type LeadForm = z.infer<typeof LeadFormSchema>;

/**
 * POST /api/admin/consultations: a request the admin adds, e.g. a marketing-tool lead to follow
 * up. The same fields and rules as the landing page's form; e-mail is required there too,
 * because a request is answered by e-mail and leads to an invitation sent to that address.
 */
export const NewConsultationSchema = LeadFormSchema.omit({ website: true });
export type NewConsultation = z.infer<typeof NewConsultationSchema>;

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
  /** The plan whose pricing button was pressed, or null. */
  planId: z.string().nullable(),
  /** How many times the address asked within the day after its first request (merged here). */
  requestCount: z.number().int(),
  createdAt: z.iso.datetime(),
  /** The client account with this e-mail, once the person has one (their page's id). */
  clientId: z.string().nullable(),
});
export type ConsultationRequest = z.infer<typeof ConsultationRequestSchema>;

/** GET /api/admin/consultations?q=&status=&page=&pageSize=: q looks in name, e-mail, business, phone. */
export const ConsultationListQuerySchema = ListQuerySchema.extend({
  status: statusFilter(CONSULTATION_STATUSES, 'Status must be new, contacted, won or lost'),
});
export type ConsultationListQuery = z.infer<typeof ConsultationListQuerySchema>;
export const CONSULTATION_LIST_PARAMS = ['q', 'status', 'page', 'pageSize'] as const;
export const ConsultationPageSchema = pageSchema(ConsultationRequestSchema);
export type ConsultationPage = z.infer<typeof ConsultationPageSchema>;

/** GET /api/admin/consultations/summary: the requests nobody has followed up yet. */
export const ConsultationSummarySchema = z.object({ new: z.number().int() });
export type ConsultationSummary = z.infer<typeof ConsultationSummarySchema>;

/** PATCH /api/admin/consultations/{id}. */
export const UpdateConsultationSchema = z.object({
  status: z.enum(CONSULTATION_STATUSES, { error: 'Status must be new, contacted, won or lost' }),
});
export type UpdateConsultation = z.infer<typeof UpdateConsultationSchema>;
