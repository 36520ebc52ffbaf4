import { Mail, Phone } from 'lucide-react';
import { CONSULTATION_STATUSES, type ConsultationStatus } from '@shared/schemas/consultations';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-request';
import { formatDateTime } from '@/lib/dates';
import {
  useConsultations,
  useSetConsultationStatus,
} from '@/features/consultations/api/admin-consultations';

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

  const change = async (id: string, status: ConsultationStatus) => {
    try {
      await setStatus.mutateAsync({ id, status });
      toast({ title: 'Request Updated', description: `Status: ${STATUS_LABEL[status]}` });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, 'Failed to update the request. Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold">Consultation Requests</h1>
        <p className="text-muted-foreground">From the landing page&apos;s consultation form.</p>
      </div>
      {requests.isLoading ? (
        <Skeleton className="h-40 w-full" />
      ) : requests.isError ? (
        <p role="alert" className="text-destructive">
          The requests could not be loaded. Please reload the page.
        </p>
      ) : requests.data?.length ? (
        <ul className="space-y-4">
          {requests.data.map((request) => (
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
                      onChange={(event) =>
                        void change(request.id, event.target.value as ConsultationStatus)
                      }
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
      ) : (
        <p className="text-muted-foreground">No consultation requests yet.</p>
      )}
    </div>
  );
}
