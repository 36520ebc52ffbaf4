import { FileSignature, Mail, Phone, UserPlus, UserRound } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  CONSULTATION_LIST_PARAMS,
  CONSULTATION_STATUSES,
  type ConsultationRequest,
  type ConsultationStatus,
} from '@shared/schemas/consultations';
import { Badge } from '@/components/ui/badge';
import { AdminPlanName } from '@/features/plans/public';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { ListFilter, ListToolbar, PagedList } from '@/components/ui/paged-list';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useListParams } from '@/lib/list-params';
import { useConsultations } from '@/features/consultations/api/get-consultations';
import { useSetConsultationStatus } from '@/features/consultations/api/set-consultation-status';
import { paths } from '@/lib/paths';

const STATUS_LABEL: Record<ConsultationStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  won: 'Won',
  lost: 'Lost',
};

/** The signup-link generator, filled in for the person who asked (/admin/clients/invite). */
function inviteHref(request: Pick<ConsultationRequest, 'name' | 'email'>): string {
  return paths.admin.inviteClient({ email: request.email, name: request.name });
}

/**
 * /admin/requests?q=&status=&page=: the consultation requests and how each went, newest
 * first. Invite opens the signup-link generator for the person and marks a new request
 * contacted.
 */
export function RequestsPage() {
  const { params, update } = useListParams(CONSULTATION_LIST_PARAMS);
  const requests = useConsultations(params);
  const setStatus = useSetConsultationStatus();
  const [, navigate] = useLocation();

  const invite = (request: ConsultationRequest) => {
    if (request.status === 'new') setStatus.mutate({ id: request.id, status: 'contacted' });
    navigate(inviteHref(request));
  };

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
        <p className="text-muted-foreground">
          From the landing page&apos;s consultation form and the marketing tool.
        </p>
      </div>
      <ListToolbar
        search={{
          label: 'Search requests',
          placeholder: 'Name, e-mail, business or phone',
          value: params.q ?? '',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
      >
        <ListFilter
          label="Status"
          all="All requests"
          value={params.status}
          options={CONSULTATION_STATUSES}
          labelOf={(status) => STATUS_LABEL[status]}
          onChange={(status) => update({ status })}
        />
      </ListToolbar>
      <PagedList
        query={requests}
        what="Requests"
        empty="No consultation requests yet."
        filtered={Boolean(params.q || params.status)}
        onPage={(page) => update({ page: String(page) })}
      >
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
                          className="inline-flex items-center gap-1 break-all text-primary hover:underline"
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
                      {(request.planId || request.requestCount > 1) && (
                        <p className="flex flex-wrap items-center gap-2 text-sm">
                          {request.planId && (
                            <Badge variant="secondary">
                              <AdminPlanName id={request.planId} /> plan
                            </Badge>
                          )}
                          {request.requestCount > 1 && (
                            <span className="text-muted-foreground">
                              Asked {request.requestCount} times within a day
                            </span>
                          )}
                        </p>
                      )}
                      {request.details && (
                        <p className="whitespace-pre-wrap break-words text-sm">{request.details}</p>
                      )}
                    </div>
                    <div className="flex w-full flex-wrap items-end gap-3 md:w-40 md:flex-col md:items-stretch">
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
                      <Button asChild variant="outline" size="sm">
                        <Link href={paths.admin.newProposal({ consultation: request.id })}>
                          <FileSignature className="h-4 w-4" aria-hidden="true" /> Create proposal
                          <span className="sr-only"> for {request.name}</span>
                        </Link>
                      </Button>
                      {request.clientId ? (
                        <Button asChild variant="outline" size="sm">
                          <Link href={paths.admin.client(request.clientId)}>
                            <UserRound className="h-4 w-4" aria-hidden="true" /> Client page
                            <span className="sr-only"> of {request.name}</span>
                          </Link>
                        </Button>
                      ) : (
                        <Button variant="outline" size="sm" onClick={() => invite(request)}>
                          <UserPlus className="h-4 w-4" aria-hidden="true" /> Invite
                          <span className="sr-only"> {request.name}</span>
                        </Button>
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
