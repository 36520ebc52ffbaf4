import { formatCents } from '@shared/money';
import type { ProposalDocument as ProposalDocumentData } from '@shared/schemas/proposals';
import { formatDate } from '@/lib/dates';
import { LegalText } from '@/features/legal/public';
import { rateLabel } from '@/features/tax/public';

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * One version of a proposal as the recipient reads and signs it: from the agency, for them,
 * the plan, the one-off items (a table on a wide screen and on paper, cards on a phone), the
 * totals, until when it stands, and the terms (Markdown, drawn like the legal pages).
 */
export function ProposalDocument({ document }: { document: ProposalDocumentData }) {
  const { agency, recipient, plan, totals } = document;
  // With tax rates, an item they skip says so (issue 39).
  const items = document.items.map((item) =>
    item.taxable === false ? { ...item, description: `${item.description} (not taxable)` } : item,
  );
  return (
    <article aria-labelledby="proposal-title" className="space-y-8 break-words">
      <header className="space-y-3">
        <p className="text-sm text-muted-foreground print:text-black">
          Proposal from <span className="font-semibold text-foreground">{agency.name}</span>
          {agency.email && <> · {agency.email}</>}
          {agency.phone && <> · {agency.phone}</>}
        </p>
        <h1 id="proposal-title" className="font-display text-2xl font-bold sm:text-3xl">
          {document.title}
        </h1>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground print:text-black">Prepared for</dt>
            <dd className="font-medium">
              {recipient.name}
              {recipient.businessName && <>, {recipient.businessName}</>}
              <span className="block break-all text-sm font-normal text-muted-foreground print:text-black">
                {recipient.email}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground print:text-black">Valid until</dt>
            <dd className="font-medium">{formatDate(document.validUntil)}</dd>
          </div>
        </dl>
      </header>

      {plan && (
        <section aria-labelledby="proposal-plan" className="space-y-1">
          <h2 id="proposal-plan" className="text-lg font-semibold">
            Plan
          </h2>
          <p>
            <span className="font-medium">{plan.name}</span>: {formatCents(plan.monthlyPriceCents)}{' '}
            per month
          </p>
        </section>
      )}

      {items.length > 0 && (
        <section aria-labelledby="proposal-items" className="space-y-3">
          <h2 id="proposal-items" className="text-lg font-semibold">
            One-off items
          </h2>
          <table className="hidden w-full text-sm sm:table print:table">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Description
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <tr key={index} className="border-b align-top">
                  <td className="whitespace-pre-wrap py-2 pr-4">{item.description}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{item.quantity}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {formatCents(item.unitPrice)}
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatCents(item.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="space-y-2 sm:hidden print:hidden" aria-label="One-off items">
            {items.map((item, index) => (
              <li key={index} className="rounded-md border p-3 text-sm">
                <p className="whitespace-pre-wrap font-medium">{item.description}</p>
                <p className="mt-1 flex justify-between gap-4 text-muted-foreground">
                  <span>
                    {item.quantity} × {formatCents(item.unitPrice)}
                  </span>
                  <span className="font-medium tabular-nums text-foreground">
                    {formatCents(item.total)}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="proposal-totals" className="space-y-2">
        <h2 id="proposal-totals" className="text-lg font-semibold">
          Totals
        </h2>
        <dl className="divide-y text-sm sm:max-w-sm">
          {items.length > 0 && <Total label="One-off total" value={formatCents(totals.oneOff)} />}
          {totals.deposit > 0 && (
            <Total
              label={`Deposit (${document.depositPercent}%)`}
              value={formatCents(totals.deposit)}
            />
          )}
          {plan && <Total label="Plan, first month" value={formatCents(totals.monthly)} />}
          {(totals.taxes ?? []).map((tax, index) => (
            <Total
              key={`${tax.name}-${index}`}
              label={`Tax: ${rateLabel(tax)}`}
              value={formatCents(tax.amount)}
            />
          ))}
          <Total
            label="First invoice, due on signing"
            value={formatCents(totals.firstInvoice)}
            strong
          />
          {totals.remainder > 0 && (
            <Total label="Balance, invoiced on delivery" value={formatCents(totals.remainder)} />
          )}
        </dl>
      </section>

      {document.terms && (
        <section aria-labelledby="proposal-terms" className="space-y-2">
          <h2 id="proposal-terms" className="text-lg font-semibold">
            Terms
          </h2>
          <LegalText markdown={document.terms} className="text-sm" />
        </section>
      )}
    </article>
  );
}
