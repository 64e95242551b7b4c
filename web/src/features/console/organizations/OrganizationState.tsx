import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import styles from './organizations.module.css';
import type { AdminOrganization } from './organizations-api.ts';
import { useMoveOrganization } from './use-organizations.ts';

/**
 * Suspending, unsuspending, deleting and restoring (SPEC.md "States"): a deleted organization stays suspended
 * after its restore, and the system organization can be neither suspended nor deleted. Suspending and deleting ask
 * first; the API's refusals (409) show under the buttons.
 */
export function OrganizationState({ organization }: { organization: AdminOrganization }) {
  const move = useMoveOrganization(organization.id);
  const { name } = organization;
  return (
    <section aria-labelledby="organization-state" className={styles.section}>
      <h2 id="organization-state">Status</h2>
      {organization.is_system ? (
        <p>The system organization is the platform’s own: it cannot be suspended or deleted.</p>
      ) : organization.deleted_at ? (
        <>
          <p>
            Deleted <Timestamp value={organization.deleted_at} />: hidden from the list, and its people cannot sign in.
            Restoring it brings it back suspended.
          </p>
          <div>
            <button type="button" className="button" disabled={move.isPending} onClick={() => move.mutate('restore')}>
              Restore
            </button>
          </div>
        </>
      ) : (
        <>
          <p>
            {organization.is_suspended
              ? 'Suspended: its people and keys are refused until it is unsuspended.'
              : 'Live: its people and keys work.'}
          </p>
          <div className="button-row">
            {organization.is_suspended ? (
              <button
                type="button"
                className="button"
                disabled={move.isPending}
                onClick={() => move.mutate('unsuspend')}
              >
                Unsuspend
              </button>
            ) : (
              <ConfirmAction
                label="Suspend"
                name={`Suspend ${name}`}
                question={`Suspend ${name}? Its people and keys are refused from their next request.`}
                confirmLabel="Suspend now"
                pending={move.isPending}
                onConfirm={() => move.mutate('suspend')}
              />
            )}
            <ConfirmAction
              label="Delete"
              name={`Delete ${name}`}
              question={`Delete ${name}? It is hidden from the list and suspended; it can be restored later.`}
              confirmLabel="Delete"
              pending={move.isPending}
              onConfirm={() => move.mutate('delete')}
            />
          </div>
        </>
      )}
      <ErrorAlert error={move.error} />
    </section>
  );
}
