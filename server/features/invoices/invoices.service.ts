import {
  INVOICE_STATUSES,
  INVOICE_TRANSITIONS,
  type ClientInvoice,
  type CreateInvoice,
  type Invoice,
  type InvoiceDetail,
  type InvoiceStatus,
} from '../../../shared/schemas/invoices';
import type { InvoiceLineItemRow, InvoiceRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { existingId } from '../../lib/ids';
import type { InvoiceRepository } from './invoices.repository';

export const INVOICE_NOT_FOUND = 'Invoice not found';
/** Amounts are stored as PostgreSQL integers (cents). */
const MAX_CENTS = 2_147_483_647;

const checkedId = (id: string) => existingId(id, INVOICE_NOT_FOUND);

export function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    planType: row.planType,
    status: row.status,
    dateIssued: row.dateIssued,
    dueDate: row.dueDate,
    sentAt: row.sentAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    subtotal: row.subtotal,
    tax: row.tax,
    discount: row.discount,
    total: row.total,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDetail(invoice: InvoiceRow, lines: InvoiceLineItemRow[]): InvoiceDetail {
  return {
    invoice: toInvoice(invoice),
    lineItems: lines.map(({ id, description, quantity, unitPrice, total }) => ({
      id,
      description,
      quantity,
      unitPrice,
      total,
    })),
  };
}

/** Every total from the lines, in integer cents; what the browser computed is not used. */
export function priceInvoice(input: CreateInvoice) {
  const lineItems = input.lineItems.map((line) => ({
    description: line.description.trim(),
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: line.quantity * line.unitPrice,
  }));
  const subtotal = lineItems.reduce((sum, line) => sum + line.total, 0);
  if (input.discount > subtotal + input.tax) {
    throw new AppError(400, 'The discount cannot be more than the subtotal plus tax');
  }
  const total = subtotal + input.tax - input.discount;
  if ([subtotal, input.tax, total, ...lineItems.map((l) => l.total)].some((n) => n > MAX_CENTS)) {
    throw new AppError(400, 'The invoice amounts are too large');
  }
  return { lineItems, subtotal, total };
}

export function createInvoiceService(
  repository: InvoiceRepository,
  now: () => Date = () => new Date(),
) {
  async function detail(id: string): Promise<InvoiceDetail> {
    const found = await repository.find(checkedId(id));
    if (!found) throw new AppError(404, INVOICE_NOT_FOUND);
    return toDetail(found.invoice, found.lines);
  }

  return {
    async create(input: CreateInvoice): Promise<InvoiceDetail> {
      const { lineItems, subtotal, total } = priceInvoice(input);
      const { invoice, lines } = await repository.create(
        {
          clientName: input.clientName,
          clientEmail: input.clientEmail,
          planType: input.planType ?? null,
          dueDate: input.dueDate,
          notes: input.notes,
          subtotal,
          tax: input.tax,
          discount: input.discount,
          total,
          lineItems,
        },
        now().getUTCFullYear(),
      );
      return toDetail(invoice, lines);
    },

    async list(): Promise<Invoice[]> {
      return (await repository.list()).map(toInvoice);
    },

    detail,

    /** draft -> sent, sent or overdue -> paid (spec section 4); anything else is a 409. */
    async setStatus(id: string, to: InvoiceStatus): Promise<InvoiceDetail> {
      const from = INVOICE_STATUSES.filter((status) => INVOICE_TRANSITIONS[status].includes(to));
      const moved = from.length ? await repository.transition(checkedId(id), from, to) : null;
      if (!moved) {
        const current = await detail(id); // 404 when it does not exist
        throw new AppError(
          409,
          `An invoice that is ${current.invoice.status} cannot be marked ${to}`,
        );
      }
      return detail(id);
    },

    async remove(id: string): Promise<void> {
      if (!(await repository.remove(checkedId(id)))) throw new AppError(404, INVOICE_NOT_FOUND);
    },

    async listForClient(userId: string): Promise<ClientInvoice[]> {
      const rows = await repository.listForClient(userId);
      return rows.map((row) => ({ ...row, paidAt: row.paidAt?.toISOString() ?? null }));
    },
  };
}
export type InvoiceService = ReturnType<typeof createInvoiceService>;
