import { Link, useParams } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../../components/ShowMore.tsx';
import { InvoiceStatusFilter, InvoiceTable, useInvoiceStatusFilter } from '../../../billing/index.ts';
import { useInvoiceList } from './use-invoices.ts';

/** The organization's invoices, newest first, a page at a time, filtered by status on request. */
export function InvoicesPage() {
  const { organizationId = '' } = useParams();
  const [status, setStatus] = useInvoiceStatusFilter();
  const list = useInvoiceList(organizationId, status);
  const invoices = list.data?.pages.flatMap((page) => page.data) ?? [];
  const base = `/console/billing/organizations/${organizationId}/invoices`;
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <h1>Invoices</h1>
        <Link to={`${base}/new`} className="button button--primary">
          Draft an invoice
        </Link>
      </div>
      <InvoiceStatusFilter status={status} onChange={setStatus} />
      {list.isPending && <Loading label="Loading the invoices…" />}
      {list.isError && <LoadError error={list.error} onRetry={() => list.refetch()} />}
      {list.isSuccess && <InvoiceTable invoices={invoices} status={status} hrefOf={(id) => `${base}/${id}`} />}
      <ShowMore
        noun="invoices"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </div>
  );
}
