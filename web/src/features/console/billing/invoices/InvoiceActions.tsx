import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import type { Invoice } from '../../../billing/index.ts';
import { useInvoiceMove } from './use-invoices.ts';

interface MoveProps {
  invoice: Invoice;
  organizationId: string;
  move: 'finalize' | 'void' | 'mark-uncollectible';
  label: string;
  question: string;
}

/** One move, asked before it is made (none can be undone); the API's 409 says why it was refused. */
function Move({ invoice, organizationId, move, label, question }: MoveProps) {
  const mutation = useInvoiceMove(organizationId, invoice.id, move);
  return (
    <div>
      <ConfirmAction
        label={label}
        question={question}
        confirmLabel={label}
        pending={mutation.isPending}
        onConfirm={() => mutation.mutate(undefined)}
      />
      <ErrorAlert error={mutation.error} />
    </div>
  );
}

/**
 * The lifecycle moves the invoice's state allows (src/modules/billing/invoices.service.ts): a draft is finalized
 * or voided; an open invoice is written off, or voided while nothing has been paid on it.
 */
export function InvoiceActions({ invoice, organizationId }: { invoice: Invoice; organizationId: string }) {
  const props = { invoice, organizationId };
  const draft = invoice.status === 'draft';
  const open = invoice.status === 'open';
  if (!draft && !open) return null;
  return (
    <div className="button-row">
      {draft && (
        <Move
          {...props}
          move="finalize"
          label="Finalize"
          question="Finalize this draft? It is issued in the default billing profile’s currency, due per its terms, and its lines are fixed."
        />
      )}
      {open && (
        <Move
          {...props}
          move="mark-uncollectible"
          label="Mark uncollectible"
          question="Write this invoice off as uncollectible? Payments may still settle it later."
        />
      )}
      {(draft || invoice.amount_paid_minor === 0) && (
        <Move {...props} move="void" label="Void" question="Void this invoice? A void invoice is never collected." />
      )}
    </div>
  );
}
