import { type paths, unwrap } from '@atrium/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AtriumClient, useClient } from '../../../../lib/client-context.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import type { Invoice, InvoiceStatus } from '../../../billing/index.ts';
import { consoleBillingKeys } from '../billing-keys.ts';

type InvoicesPath = paths['/v1/admin/organizations/{id}/invoices'];
type InvoicePath = `/v1/admin/organizations/{id}/invoices/{invoiceId}/${string}` & keyof paths;
export type NewInvoice = InvoicesPath['post']['requestBody']['content']['application/json'];
export type NewLine =
  paths['/v1/admin/organizations/{id}/invoices/{invoiceId}/line-items']['post']['requestBody']['content']['application/json'];
export type NewPayment =
  paths['/v1/admin/organizations/{id}/invoices/{invoiceId}/payments']['post']['requestBody']['content']['application/json'];

const PAGE = 20;

async function listPage(
  client: AtriumClient,
  organizationId: string,
  query: { status?: InvoiceStatus; cursor?: string; limit: number },
) {
  const params = { path: { id: organizationId }, query };
  return unwrap(await client.api.GET('/v1/admin/organizations/{id}/invoices', { params }));
}

/** The invoices with `status` (all when null), newest first, a cursor page at a time. */
export function useInvoiceList(organizationId: string, status: InvoiceStatus | null) {
  const client = useClient();
  return useInfiniteQuery({
    queryKey: consoleBillingKeys.invoiceList(organizationId, status),
    queryFn: ({ pageParam }) =>
      listPage(client, organizationId, { limit: PAGE, cursor: pageParam, ...(status ? { status } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.has_more ? (page.next_cursor ?? undefined) : undefined),
  });
}

/** One invoice, or null when the organization has none with this id (404). */
export function useInvoice(organizationId: string, invoiceId: string) {
  const client = useClient();
  return useQuery({
    queryKey: consoleBillingKeys.invoice(organizationId, invoiceId),
    queryFn: async (): Promise<Invoice | null> => {
      const params = { path: { id: organizationId, invoiceId } };
      try {
        return unwrap(await client.api.GET('/v1/admin/organizations/{id}/invoices/{invoiceId}', { params }));
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });
}

/** An invoice write answers the invoice as it now is: its page shows that, and every list is read again. */
function useInvoiceWrite<T>(organizationId: string, write: (input: T) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (invoice) => {
      queryClient.setQueryData(consoleBillingKeys.invoice(organizationId, invoice.id), invoice);
      return queryClient.invalidateQueries({ queryKey: consoleBillingKeys.invoiceLists(organizationId) });
    },
  });
}

export function useDraftInvoice(organizationId: string) {
  const client = useClient();
  return useInvoiceWrite(organizationId, async (body: NewInvoice) =>
    unwrap(
      await client.api.POST('/v1/admin/organizations/{id}/invoices', {
        params: { path: { id: organizationId } },
        body,
      }),
    ),
  );
}

/** A move of the invoice's lifecycle that takes no body: finalize, void, mark uncollectible. */
export function useInvoiceMove(
  organizationId: string,
  invoiceId: string,
  move: 'finalize' | 'void' | 'mark-uncollectible',
) {
  const client = useClient();
  const path = `/v1/admin/organizations/{id}/invoices/{invoiceId}/${move}` as const satisfies InvoicePath;
  return useInvoiceWrite(organizationId, async () =>
    unwrap(await client.api.POST(path, { params: { path: { id: organizationId, invoiceId } } })),
  );
}

export function useAddLine(organizationId: string, invoiceId: string) {
  const client = useClient();
  return useInvoiceWrite(organizationId, async (body: NewLine) =>
    unwrap(
      await client.api.POST('/v1/admin/organizations/{id}/invoices/{invoiceId}/line-items', {
        params: { path: { id: organizationId, invoiceId } },
        body,
      }),
    ),
  );
}

export function useRecordPayment(organizationId: string, invoiceId: string) {
  const client = useClient();
  return useInvoiceWrite(organizationId, async (body: NewPayment) =>
    unwrap(
      await client.api.POST('/v1/admin/organizations/{id}/invoices/{invoiceId}/payments', {
        params: { path: { id: organizationId, invoiceId } },
        body,
      }),
    ),
  );
}
