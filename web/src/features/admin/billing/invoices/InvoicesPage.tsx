import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import {
  InvoiceStatusFilter,
  InvoiceTable,
  billingStyles as styles,
  useInvoiceStatusFilter,
} from '../../../billing/index.ts';
import { useInvoiceList } from '../use-billing.ts';

/** The organization's invoices, newest first, a page at a time; filtered by status on request. */
export function InvoicesPage() {
  const [status, setStatus] = useInvoiceStatusFilter();
  const list = useInvoiceList(status);
  const invoices = list.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>Invoices</h1>
      <p className="muted">Newest first. Drafts are still being prepared by the platform’s operators.</p>
      <InvoiceStatusFilter status={status} onChange={setStatus} />
      {list.isPending && <Loading label="Loading the invoices…" />}
      {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
      {list.isSuccess && (
        <InvoiceTable invoices={invoices} status={status} hrefOf={(id) => `/admin/billing/invoices/${id}`} />
      )}
      <ShowMore
        noun="invoices"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </div>
  );
}
