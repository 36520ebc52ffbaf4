import { formatCents } from '@shared/money';
import type { ProposalDetail } from '@shared/schemas/proposals';
import { DataTable } from '@/components/ui/data-table';
import { pricedLineColumns } from '@/components/ui/priced-line-columns';
import { formatDate } from '@/lib/dates';
import { ProposalMoney } from './proposal-money';

type Item = ProposalDetail['items'][number];
const itemColumns = pricedLineColumns<Item & { key: string }>({
  description: 'Item',
  unitPrice: 'Unit price',
});

/**
 * The proposal as its recipient reads it: for whom, the plan, the one-off items, the totals,
 * until when it holds, and the terms.
 */
export function ProposalDocument({ proposal }: { proposal: ProposalDetail }) {
  const { recipient, plan } = proposal;
  const taxed = (proposal.totals.taxes ?? []).length > 0;
  const items = proposal.items.map((item, index) => ({
    ...item,
    // With tax rates, an item they skip says so (issue 39).
    description:
      taxed && item.taxable === false ? `${item.description} (not taxable)` : item.description,
    key: String(index),
  }));
  return (
    <article aria-label="The proposal" className="space-y-6">
      <header className="space-y-1">
        <h3 className="font-display text-2xl font-semibold">{proposal.title}</h3>
        <p className="text-sm text-muted-foreground">
          For {recipient.name}
          {recipient.businessName && `, ${recipient.businessName}`} ·{' '}
          <span className="break-all">{recipient.email}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Valid until {formatDate(proposal.validUntil)}
        </p>
      </header>
      {plan && (
        <section aria-label="Plan" className="rounded-md border p-4 text-sm">
          <p className="font-medium">{plan.name} plan</p>
          <p className="text-muted-foreground">
            {formatCents(plan.monthlyPriceCents)} a month, from the first invoice
          </p>
        </section>
      )}
      {items.length > 0 && (
        <DataTable
          caption="One-off items"
          columns={itemColumns}
          data={items}
          getRowId={(item) => item.key}
          phoneLayout="cards"
        />
      )}
      <ProposalMoney
        totals={proposal.totals}
        depositPercent={proposal.depositPercent}
        planName={plan?.name ?? null}
      />
      {proposal.terms && (
        <section aria-labelledby="proposal-terms" className="space-y-2">
          <h4 id="proposal-terms" className="font-semibold">
            Terms
          </h4>
          <p className="whitespace-pre-wrap text-sm">{proposal.terms}</p>
        </section>
      )}
    </article>
  );
}
