import { Download, FileSignature } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/dates';
import { useAgreements } from '../api/get-agreements';

/**
 * The portal's "Agreements" card: the proposals the client signed, each with the sealed PDF.
 * A client who never signed one does not see the card at all.
 */
export function AgreementsCard() {
  const agreements = useAgreements();
  if (agreements.isError) {
    return (
      <Card role="region" aria-labelledby="portal-agreements-title">
        <CardHeader>
          <CardTitle id="portal-agreements-title">Agreements</CardTitle>
        </CardHeader>
        <CardContent>
          <p role="alert" className="text-sm text-destructive">
            Your agreements could not be loaded. Please reload the page.
          </p>
        </CardContent>
      </Card>
    );
  }
  const items = agreements.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="portal-agreements-title">
      <CardHeader>
        <CardTitle id="portal-agreements-title">Agreements</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Your signed agreements">
          {items.map((agreement) => (
            <li
              key={agreement.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2"
            >
              <div className="min-w-0">
                <p className="flex items-center gap-2 break-words font-medium">
                  <FileSignature className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                  {agreement.title}
                </p>
                <p className="text-sm text-muted-foreground">
                  Signed by {agreement.signerName} on {formatDate(agreement.signedAt)}
                </p>
              </div>
              <a
                href={agreement.pdfUrl}
                download
                aria-label={`Download the PDF of ${agreement.title}`}
                className="inline-flex min-h-6 items-center gap-1 text-sm text-primary hover:underline"
              >
                <Download className="h-4 w-4" aria-hidden="true" /> Download PDF
              </a>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
