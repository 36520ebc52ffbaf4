import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';
import { DEFAULT_PLANS } from '@shared/plans';
import {
  AdminPlanPageSchema,
  PublicPlansSchema,
  type AdminPlan,
  type PublicPlan,
} from '@shared/schemas/plans';
import { AttachmentLimitsSchema } from '@shared/schemas/tickets';

/**
 * The API as client tests see it: every fetch of a component test goes to msw, which
 * answers from the handlers a test installs with `apiServer.use(...)`. Started in
 * api-setup.ts with `onUnhandledRequest: 'error'`: a call no handler expects fails the test.
 */
export const apiServer = setupServer();

/**
 * A JSON answer checked against the endpoint's shared schema before it is sent, so a
 * stand-in answer cannot drift from what the server really answers.
 */
export function json<Schema extends z.ZodType>(
  schema: Schema,
  value: z.input<Schema>,
  init?: ResponseInit,
) {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new Error(
      `A stand-in answer does not match its schema:\n${z.prettifyError(result.error)}`,
    );
  }
  return HttpResponse.json(value as JsonBodyType, init);
}

/** An error answer as the server's error middleware sends it: `{ message }`. */
export function errorJson(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

/**
 * The requests the client made from now on, in order, as `METHOD path?query` (origin
 * left out), with their JSON bodies: what a test asserts the screen asked for.
 */
export function recordRequests() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  apiServer.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const call: (typeof calls)[number] = {
      method: request.method,
      url: `${url.pathname}${url.search}`,
      body: undefined,
    };
    calls.push(call);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void request
        .clone()
        .text()
        .then((text) => {
          call.body = text ? (JSON.parse(text) as unknown) : undefined;
        });
    }
  });
  return calls;
}

/** GET /api/attachments/limits as the server answers it with the Settings' defaults. */
export function attachmentLimitsHandler(
  limits: { maxFileBytes?: number; maxMessageBytes?: number } = {},
) {
  return http.get('/api/attachments/limits', () =>
    json(AttachmentLimitsSchema, {
      maxFileBytes: 10 * 1024 * 1024,
      maxMessageBytes: 25 * 1024 * 1024,
      accept:
        '.png,.jpg,.jpeg,.gif,.webp,.pdf,.doc,.docx,.xls,.xlsx,.pptx,.odt,.ods,.txt,.csv,.zip',
      acceptedText:
        'images (PNG, JPEG, GIF, WebP), PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV and ZIP',
      ...limits,
    }),
  );
}

/** The spec's three plans as the catalogue holds them on a fresh install. */
export function defaultAdminPlans(overrides: Partial<AdminPlan>[] = []): AdminPlan[] {
  return DEFAULT_PLANS.map((plan, position) => ({
    ...plan,
    features: [...plan.features],
    status: 'active' as const,
    position,
    subscriberCount: 0,
    subscribersOnOtherPrice: 0,
    taxable: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides[position],
  }));
}

/** GET /api/plans as the server answers it: the active plans, default the spec's three. */
export function plansHandler(
  plans: PublicPlan[] = defaultAdminPlans()
    .filter((plan) => plan.status === 'active')
    .map(({ id, name, description, monthlyPrice, features, popular }) => ({
      id,
      name,
      description,
      monthlyPrice,
      features,
      popular,
    })),
) {
  return http.get('/api/plans', () => json(PublicPlansSchema, { items: plans }));
}

/** GET /api/admin/plans as the server answers it: every plan, default the spec's three. */
export function adminPlansHandler(plans: AdminPlan[] = defaultAdminPlans()) {
  return http.get('/api/admin/plans', () =>
    json(AdminPlanPageSchema, {
      items: plans,
      page: 1,
      pageSize: 100,
      total: plans.length,
    }),
  );
}
