import { FileSignature } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { SCORE_PARTS, TOP_FACTORS_SHOWN, type Lead } from '@shared/schemas/leads';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { copyToClipboard } from '@/lib/copy-to-clipboard';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useLead } from '../api/get-lead';
import { AddToRequests } from './add-to-requests';
import {
  COMPETITIVE_POSITION_LABEL,
  CONVERSION_POTENTIAL_LABEL,
  FACTOR_PRIORITY_LABEL,
  readableCode,
  REPUTATION_LABEL,
  SCORE_PART_LABEL,
} from '../lib/lead-labels';
import { leadScoreClass, legitimacyClass, websiteScoreClass } from '../lib/leads-view';

const PRIORITY_VARIANT = {
  critical: 'destructive',
  high: 'warning',
  medium: 'secondary',
  negative: 'outline',
} as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-lg border p-4">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function List({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The lead as plain text, for 'Copy All Info'. */
export function leadAsText(lead: Lead): string {
  const lines = [
    lead.name,
    `Lead score: ${lead.leadScore}/100 (${CONVERSION_POTENTIAL_LABEL[lead.leadScoring.conversionPotential]} conversion potential)`,
    `Address: ${lead.address}`,
    `Phone: ${lead.phone}`,
    `Website: ${lead.website}`,
    `Email: ${lead.email ?? 'N/A'}`,
    `Business type: ${lead.businessType}`,
    `City: ${lead.city}`,
    `Distance: ${lead.distance === undefined ? 'N/A' : `${lead.distance} miles`}`,
    `Rating: ${lead.rating > 0 ? `${lead.rating} (${lead.reviewCount} reviews)` : 'none'}`,
    `Website score: ${lead.websiteQuality.score}/100, ${lead.websiteQuality.recommendation}`,
    ...lead.websiteQuality.issues.map((issue) => `- ${issue}`),
  ];
  if (lead.socialLinks.length) lines.push(`Social: ${lead.socialLinks.join(', ')}`);
  return lines.join('\n');
}

export function LeadDetailDialog({
  searchId,
  leadId,
  onClose,
}: {
  searchId: string;
  leadId: string | null;
  onClose: () => void;
}) {
  const lead = useLead(searchId, leadId);
  const data = lead.data;
  return (
    <Dialog open={Boolean(leadId)} onOpenChange={(open) => !open && onClose()}>
      {/*
        A column: the header, the details scrolling in their own box, and the buttons at the
        bottom edge, in view however long or short the lead.
      */}
      <DialogContent className="flex max-w-3xl flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>{data?.name ?? 'Lead details'}</DialogTitle>
          <DialogDescription>
            {data ? `${data.businessType} · ${readableCode(data.category)} · ${data.city}` : ''}
          </DialogDescription>
        </DialogHeader>
        {/* Scrolls with the keyboard too: the box takes the focus (its content may have none). */}
        <div
          role="region"
          aria-label="Lead details"
          tabIndex={0}
          className="-mx-4 min-h-0 flex-1 overflow-y-auto px-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:-mx-6 sm:px-6"
        >
          {!data ? (
            <QueryState
              query={lead}
              what="lead"
              loading={
                <div className="flex justify-center py-10">
                  <Spinner label="Loading lead" />
                </div>
              }
            />
          ) : (
            <div className="space-y-4">
              {data.source === 'sample' && <Badge variant="outline">Sample data</Badge>}
              <Section title="Comprehensive Lead Score Analysis">
                <div className="flex flex-wrap items-center gap-3">
                  <span
                    className={cn(
                      'rounded-full px-3 py-1 text-lg font-bold',
                      leadScoreClass(data.leadScore),
                    )}
                  >
                    {data.leadScore}/100
                  </span>
                  <span className="text-sm">
                    Conversion potential:{' '}
                    <strong>
                      {CONVERSION_POTENTIAL_LABEL[data.leadScoring.conversionPotential]}
                    </strong>
                  </span>
                </div>
                <dl className="grid grid-cols-3 gap-2 text-xs">
                  {SCORE_PARTS.map((part) => (
                    <div key={part} className="rounded bg-muted/50 p-2 text-center">
                      <dt className="text-muted-foreground">{SCORE_PART_LABEL[part]}</dt>
                      <dd className="font-semibold">{data.leadScoring.scoreBreakdown[part]}</dd>
                    </div>
                  ))}
                </dl>
                <h4 className="text-sm font-medium">Top scoring factors</h4>
                <ul className="space-y-1 text-sm">
                  {data.leadScoring.scoringFactors.slice(0, TOP_FACTORS_SHOWN).map((factor) => (
                    <li key={`${factor.part}-${factor.factor}`} className="flex items-center gap-2">
                      <Badge variant={PRIORITY_VARIANT[factor.priority]}>
                        {FACTOR_PRIORITY_LABEL[factor.priority]}
                      </Badge>
                      <span className="min-w-0 flex-1">{factor.factor}</span>
                      <span className="font-mono">
                        {factor.points > 0 ? '+' : ''}
                        {factor.points}
                      </span>
                    </li>
                  ))}
                </ul>
              </Section>

              <Section title="Comprehensive Website Analysis">
                <p className={cn('font-semibold', websiteScoreClass(data.websiteQuality.score))}>
                  Website score {data.websiteQuality.score}/100:{' '}
                  {data.websiteQuality.recommendation}
                </p>
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Technology</dt>
                  <dd>{data.websiteQuality.technology}</dd>
                  <dt className="text-muted-foreground">HTTPS</dt>
                  <dd>{data.websiteQuality.hasSSL ? 'Yes' : 'No'}</dd>
                  <dt className="text-muted-foreground">Professional domain</dt>
                  <dd>{data.websiteQuality.professionalDomain ? 'Yes' : 'No'}</dd>
                  {data.websiteQuality.signals?.responseTimeMs != null && (
                    <>
                      <dt className="text-muted-foreground">Response time</dt>
                      <dd>{data.websiteQuality.signals.responseTimeMs} ms</dd>
                    </>
                  )}
                  {data.websiteQuality.signals?.copyrightYear != null && (
                    <>
                      <dt className="text-muted-foreground">Copyright year</dt>
                      <dd>{data.websiteQuality.signals.copyrightYear}</dd>
                    </>
                  )}
                </dl>
                <h4 className="text-sm font-medium">Issues</h4>
                <List items={data.websiteQuality.issues} empty="No issues found." />
                <h4 className="text-sm font-medium">Opportunities</h4>
                <List items={data.websiteQuality.opportunities} empty="None found." />
              </Section>

              {data.businessVerification && (
                <Section title="Business Verification & Analysis">
                  <p
                    className={cn(
                      'font-semibold',
                      legitimacyClass(data.businessVerification.legitimacyScore),
                    )}
                  >
                    Legitimacy {data.businessVerification.legitimacyScore}%
                  </p>
                  <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Business age</dt>
                    <dd>{readableCode(data.businessVerification.businessAge)}</dd>
                    <dt className="text-muted-foreground">Business health</dt>
                    <dd>{readableCode(data.businessVerification.businessHealth)}</dd>
                    <dt className="text-muted-foreground">Competitive position</dt>
                    <dd>
                      {COMPETITIVE_POSITION_LABEL[data.businessVerification.competitivePosition]}
                    </dd>
                    <dt className="text-muted-foreground">Online reputation</dt>
                    <dd>{REPUTATION_LABEL[data.businessVerification.onlineReputation]}</dd>
                    <dt className="text-muted-foreground">Google verified</dt>
                    <dd>{data.businessVerification.googleVerified ? 'Yes' : 'No'}</dd>
                  </dl>
                  <h4 className="text-sm font-medium">Trust signals</h4>
                  <List items={data.businessVerification.trustSignals} empty="None found." />
                  <h4 className="text-sm font-medium">Risk factors</h4>
                  <List items={data.businessVerification.riskFactors} empty="None found." />
                  <h4 className="text-sm font-medium">Checks</h4>
                  <List
                    items={data.businessVerification.verificationDetails}
                    empty="No checks ran."
                  />
                </Section>
              )}

              <Section title="Contact Information">
                <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                  <dt className="text-muted-foreground">Address</dt>
                  <dd>{data.address}</dd>
                  <dt className="text-muted-foreground">Phone</dt>
                  <dd>{data.phone}</dd>
                  <dt className="text-muted-foreground">Email</dt>
                  <dd>{data.email ?? 'N/A'}</dd>
                  <dt className="text-muted-foreground">Website</dt>
                  <dd className="break-all">{data.website}</dd>
                  {data.socialLinks.length > 0 && (
                    <>
                      <dt className="text-muted-foreground">Social</dt>
                      <dd className="break-all">{data.socialLinks.join(', ')}</dd>
                    </>
                  )}
                </dl>
              </Section>
            </div>
          )}
        </div>
        <DialogFooter className="-mx-4 mt-4 shrink-0 border-t px-4 pt-4 sm:-mx-6 sm:px-6">
          {data && <AddToRequests key={data.id} lead={data} />}
          {data && (
            <Button asChild variant="outline">
              <Link href={paths.admin.newProposal({ search: searchId, lead: data.id })}>
                <FileSignature className="h-4 w-4" aria-hidden="true" /> Create proposal
              </Link>
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={!data}
            onClick={() => data && void copyToClipboard(leadAsText(data), 'Lead information')}
          >
            Copy All Info
          </Button>
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
