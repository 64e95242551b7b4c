import { OrganizationPicker } from '../../OrganizationPicker.tsx';

/** Where an operator chooses the organization whose wallet, spend limits or invoices they mean to handle. */
export function OrganizationsPage() {
  return (
    <div className="page stack">
      <h1>Organization billing</h1>
      <p className="muted">Choose an organization to see its wallet, spend limits and invoices.</p>
      <OrganizationPicker pathOf={(id) => `/console/billing/organizations/${id}`} />
    </div>
  );
}
