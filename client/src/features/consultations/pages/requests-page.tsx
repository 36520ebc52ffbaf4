import { Mail, Phone } from 'lucide-react';
import { CONSULTATION_STATUSES, type ConsultationStatus } from '@shared/schemas/consultations';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { QueryList } from '@/components/ui/query-list';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useConsultations } from '@/features/consultations/api/get-consultations';
import { useSetConsultationStatus } from '@/features/consultations/api/set-consultation-status';

const STATUS_LABEL: Record<ConsultationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

/** /admin/requests: the landing page's consultation requests and how each went. */
export function RequestsPage() {
  const requests = useConsultations();
  const setStatus = useSetConsultationStatus();

  const change = (id: string, value: string) => {
    const status = CONSULTATION_STATUSES.find((known) => known === value);
    if (!status) return;
    setStatus.mutate(
      { id, status },
      {
        onSuccess: () =>
          toast({ title: 'Request Updated', description: `Status: ${STATUS_LABEL[status]}` }),
      },
    );
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Consultation Requests</h1>
        <p className="text-muted-foreground">From the landing page&apos;s consultation form.</p>
      </div>
      <QueryList query={requests} what="The requests" empty="No consultation requests yet.">
        {(items) => (
          <ul className="space-y-4">
            {items.map((request) => (
              <li key={request.id}>
                <Card>
                  <CardContent className="grid gap-4 pt-6 md:grid-cols-[1fr_auto]">
                    <div className="space-y-2">
                      <h2 className="text-lg font-semibold">
                        {request.name}
                        {request.businessName && (
                          <span className="font-normal text-muted-foreground">
                            {' '}
                            · {request.businessName}
                          </span>
                        )}
                      </h2>
                      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                        <a
                          href={`mailto:${request.email}`}
                          className="inline-flex items-center gap-1 text-primary hover:underline"
                        >
                          <Mail className="h-4 w-4" aria-hidden="true" /> {request.email}
                        </a>
                        {request.phone && (
                          <a
                            href={`tel:${request.phone}`}
                            className="inline-flex items-center gap-1 text-primary hover:underline"
                          >
                            <Phone className="h-4 w-4" aria-hidden="true" /> {request.phone}
                          </a>
                        )}
                        <span className="text-muted-foreground">
                          {formatDateTime(request.createdAt)}
                        </span>
                      </p>
                      {request.details && (
                        <p className="whitespace-pre-wrap break-words text-sm">{request.details}</p>
                      )}
                    </div>
                    <div className="w-40">
                      <label htmlFor={`status-${request.id}`} className="text-sm font-medium">
                        Status
                      </label>
                      <NativeSelect
                        id={`status-${request.id}`}
                        value={request.status}
                        disabled={setStatus.isPending}
                        onChange={(event) => change(request.id, event.target.value)}
                      >
                        {CONSULTATION_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {STATUS_LABEL[status]}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
    </div>
  );
}
