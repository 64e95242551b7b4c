import { Fragment } from 'react';
import styles from './billing.module.css';
import type { Invoice } from './index.ts';

/** The snapshot's fields shown, in the order an address is read. */
const FIELDS = [
  ['legal_name', 'Legal name'],
  ['tax_id', 'Tax id'],
  ['registration_number', 'Registration number'],
  ['billing_email', 'Email'],
  ['billing_contact_name', 'Contact'],
  ['billing_contact_phone', 'Phone'],
  ['address_line1', 'Address'],
  ['address_line2', 'Address, line 2'],
  ['address_city', 'City'],
  ['address_postal_code', 'Postal code'],
  ['address_country', 'Country'],
] as const;

/** The billing profile as it was when the invoice was issued (later edits or its deletion leave this copy). */
export function BilledTo({ snapshot }: { snapshot: Invoice['billing_snapshot'] }) {
  const shown = FIELDS.flatMap(([key, term]) => {
    const value = snapshot?.[key];
    return typeof value === 'string' && value ? [{ key, term, value }] : [];
  });
  return (
    <section aria-labelledby="invoice-billed-to" className={styles.section}>
      <h2 id="invoice-billed-to">Billed to</h2>
      {shown.length === 0 ? (
        <p className="empty">No billing profile: issued without one, or not issued yet.</p>
      ) : (
        <dl className="facts">
          {shown.map(({ key, term, value }) => (
            <Fragment key={key}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </section>
  );
}
