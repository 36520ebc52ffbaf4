import { Router, type Request, type Response } from 'express';
import {
  ClientInvoiceListQuerySchema,
  CreateInvoiceSchema,
  InvoiceListQuerySchema,
  UpdateInvoiceStatusSchema,
  VoidInvoiceSchema,
} from '@shared/schemas/invoices';
import { IssueCreditNoteSchema } from '@shared/schemas/credit-notes';
import { RefundByHandSchema } from '@shared/schemas/statements';
import { actorOf } from '../../lib/audit-trail';
import { currentAdmin, currentUserId, requireUser } from '../../lib/auth-guards';
import { parse } from '../../lib/validate';
import type { PaymentService } from '../payments/payments.service';
import type { InvoiceService } from './invoices.service';

function sendPdf(res: Response, pdf: { filename: string; content: Buffer }) {
  res
    .type('application/pdf')
    .attachment(pdf.filename)
    .set('Cache-Control', 'private, no-store')
    .send(pdf.content);
}

/** The signed-in client's billing history. */
export function clientInvoiceRoutes(service: InvoiceService): Router {
  const router = Router();
  router.get('/invoices', requireUser, async (req, res) => {
    res.json(
      await service.listForClient(
        currentUserId(req),
        parse(ClientInvoiceListQuerySchema, req.query),
      ),
    );
  });
  router.get('/invoices/:id/pdf', requireUser, async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.pdfForClient(currentUserId(req), req.params.id));
  });
  router.get(
    '/invoices/:id/credit-notes/:creditNoteId/pdf',
    requireUser,
    async (req: Request<{ id: string; creditNoteId: string }>, res) => {
      sendPdf(
        res,
        await service.creditNotePdfForClient(
          currentUserId(req),
          req.params.id,
          req.params.creditNoteId,
        ),
      );
    },
  );
  return router;
}

/** Behind requireAdmin: the agency's invoices. */
export function adminInvoiceRoutes(
  service: InvoiceService,
  payments: Pick<PaymentService, 'payInFull'>,
): Router {
  const router = Router();

  router.get('/invoices', async (req, res) => {
    res.json(await service.list(parse(InvoiceListQuerySchema, req.query)));
  });

  router.post('/invoices', async (req, res) => {
    const input = parse(CreateInvoiceSchema, req.body);
    const detail = await service.create(input, {}, actorOf(currentAdmin(res)));
    res.status(201).json({ ...detail, invoiceNumber: detail.invoice.invoiceNumber });
  });

  router.get('/invoices/:id', async (req: Request<{ id: string }>, res) => {
    res.json(await service.detail(req.params.id));
  });

  // A draft edited in full with the create body; anything sent is a 409.
  router.put('/invoices/:id', async (req: Request<{ id: string }>, res) => {
    const input = parse(CreateInvoiceSchema, req.body);
    res.json(await service.update(req.params.id, input, actorOf(currentAdmin(res))));
  });

  // "Mark as sent": numbered and recorded as sent, not e-mailed ("Send by e-mail" is /email).
  router.post('/invoices/:id/mark-sent', async (req: Request<{ id: string }>, res) => {
    res.json(await service.markSent(req.params.id, actorOf(currentAdmin(res))));
  });

  router.post('/invoices/:id/void', async (req: Request<{ id: string }>, res) => {
    const { reason } = parse(VoidInvoiceSchema, req.body);
    res.json(await service.void(req.params.id, reason, actorOf(currentAdmin(res))));
  });

  // A paid invoice corrected: its credit notes are in the invoice's detail answer.
  router.post('/invoices/:id/credit-notes', async (req: Request<{ id: string }>, res) => {
    const input = parse(IssueCreditNoteSchema, req.body);
    res
      .status(201)
      .json(await service.issueCreditNote(req.params.id, input, actorOf(currentAdmin(res))));
  });

  // The rest of a credit note, not refunded to a card, given back by hand (issue 39).
  router.post('/credit-notes/:id/refunded-by-hand', async (req: Request<{ id: string }>, res) => {
    const input = parse(RefundByHandSchema, req.body);
    res.json(
      await service.creditNoteRefundedByHand(req.params.id, input, actorOf(currentAdmin(res))),
    );
  });

  router.get(
    '/invoices/:id/credit-notes/:creditNoteId/pdf',
    async (req: Request<{ id: string; creditNoteId: string }>, res) => {
      sendPdf(res, await service.creditNotePdf(req.params.id, req.params.creditNoteId));
    },
  );

  // sentAt and paidAt are set by the server to the moment of the change; values sent by the
  // browser are accepted by the schema and ignored. Sending a draft e-mails it to the client;
  // paid is a payment of the whole balance.
  router.patch('/invoices/:id', async (req: Request<{ id: string }>, res) => {
    const { status } = parse(UpdateInvoiceStatusSchema, req.body);
    const actor = actorOf(currentAdmin(res));
    if (status === 'paid') {
      res.json(await payments.payInFull(req.params.id, actor));
      return;
    }
    if (status === 'sent') {
      res.json(await service.send(req.params.id, actor));
      return;
    }
    res.json(await service.setStatus(req.params.id, status));
  });

  router.get('/invoices/:id/pdf', async (req: Request<{ id: string }>, res) => {
    sendPdf(res, await service.pdf(req.params.id));
  });

  router.post('/invoices/:id/email', async (req: Request<{ id: string }>, res) => {
    res.json(await service.email(req.params.id, actorOf(currentAdmin(res))));
  });

  router.delete('/invoices/:id', async (req: Request<{ id: string }>, res) => {
    await service.remove(req.params.id, actorOf(currentAdmin(res)));
    res.status(204).end();
  });

  return router;
}
