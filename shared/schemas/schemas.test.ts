import { describe, expect, it } from 'vitest';
import { PasswordChangeFormSchema } from './auth';
import { CreateInvoiceSchema } from './invoices';
import { MarketingSearchSchema } from './leads';
import { CreateTicketSchema, TicketMessageSchema } from './tickets';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('the spec section 5 messages', () => {
  it('ticket', () => {
    expect(
      firstMessage(CreateTicketSchema.safeParse({ subject: '', description: 'long enough text' })),
    ).toBe('Subject is required');
    expect(
      firstMessage(
        CreateTicketSchema.safeParse({ subject: 'x'.repeat(256), description: 'long enough text' }),
      ),
    ).toBe('Subject is too long');
    expect(
      firstMessage(CreateTicketSchema.safeParse({ subject: 'Hi', description: 'short' })),
    ).toBe('Description must be at least 10 characters');
    expect(
      firstMessage(CreateTicketSchema.safeParse({ subject: 'Hi', description: 'x'.repeat(5001) })),
    ).toBe('Description is too long');
    expect(
      CreateTicketSchema.parse({ subject: 'Hi', description: 'long enough text' }).priority,
    ).toBe('normal');
  });

  it('ticket message', () => {
    expect(firstMessage(TicketMessageSchema.safeParse({ message: '   ' }))).toBe(
      'Message cannot be empty',
    );
    expect(firstMessage(TicketMessageSchema.safeParse({ message: 'x'.repeat(5001) }))).toBe(
      'Message is too long',
    );
  });

  it('password change', () => {
    expect(
      firstMessage(
        PasswordChangeFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'long-enough',
          confirmPassword: 'other',
        }),
      ),
    ).toBe('New passwords do not match');
    expect(
      firstMessage(
        PasswordChangeFormSchema.safeParse({
          currentPassword: 'old',
          newPassword: 'short',
          confirmPassword: 'short',
        }),
      ),
    ).toBe('Password must be at least 8 characters long');
  });

  it('invoice: drops unbillable lines and needs one to remain', () => {
    const base = { clientName: 'Ann', clientEmail: 'ann@example.com', dueDate: '2026-12-01' };
    expect(
      firstMessage(
        CreateInvoiceSchema.safeParse({
          ...base,
          lineItems: [
            { description: '', quantity: 1, unitPrice: 500 },
            { description: 'Hosting', quantity: 1, unitPrice: 0 },
          ],
        }),
      ),
    ).toBe('Please add at least one line item');
    const parsed = CreateInvoiceSchema.parse({
      ...base,
      lineItems: [
        { description: 'Website', quantity: 3, unitPrice: 3333 },
        { description: '  ', quantity: 1, unitPrice: 100 },
      ],
    });
    expect(parsed.lineItems).toEqual([
      { description: 'Website', quantity: 3, unitPrice: 3333, taxable: true },
    ]);
    expect(parsed.tax).toBe(0);
    expect(
      firstMessage(
        CreateInvoiceSchema.safeParse({
          ...base,
          lineItems: [{ description: 'A', quantity: 1.5, unitPrice: 1 }],
        }),
      ),
    ).toBe('Quantity must be a whole number');
  });

  it('marketing search needs city and business type', () => {
    expect(
      firstMessage(
        MarketingSearchSchema.safeParse({
          state: 'Louisiana',
          city: '',
          businessType: 'Restaurant',
        }),
      ),
    ).toBe('Please fill in city and business type');
    expect(
      MarketingSearchSchema.parse({ city: 'Biloxi', businessType: 'Retail Store' }).maxResults,
    ).toBe(100);
  });
});

describe('CreateTicketSchema subject', () => {
  it('is one line of text: line breaks and control characters are refused', () => {
    for (const subject of [
      'Broken\nform',
      'Broken\r\nBcc: x@example.com',
      'Tab\there',
      'a\u2028b',
      'nul\u0000',
    ]) {
      expect(
        firstMessage(CreateTicketSchema.safeParse({ subject, description: 'long enough text' })),
        JSON.stringify(subject),
      ).toBe('Subject must be one line of text');
    }
    expect(
      CreateTicketSchema.parse({
        subject: ' Café menu – ünïcode ',
        description: 'long enough text',
      }).subject,
    ).toBe('Café menu – ünïcode');
  });
});
