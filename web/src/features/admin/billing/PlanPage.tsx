import { ConfirmAction } from '../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import type { Plan, Subscription } from '../../billing/index.ts';
import { formatMinor, billingStyles as styles } from '../../billing/index.ts';
import { useCancelSubscription, useChangePlan, usePlans, useSubscription } from './use-billing.ts';

const STATUS: Record<Subscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
};

function Current({ subscription }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  const manual = subscription.billing_source === 'manual';
  return (
    <>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>{subscription.plan_name}</dd>
        <dt>Status</dt>
        <dd>{STATUS[subscription.status]}</dd>
        <dt>Current period</dt>
        <dd>
          {subscription.current_period_start && subscription.current_period_end ? (
            <>
              <Timestamp value={subscription.current_period_start} /> to{' '}
              <Timestamp value={subscription.current_period_end} />
            </>
          ) : (
            'Not set'
          )}
        </dd>
        {subscription.trial_ends_at && (
          <>
            <dt>Trial ends</dt>
            <dd>
              <Timestamp value={subscription.trial_ends_at} />
            </dd>
          </>
        )}
        <dt>Since</dt>
        <dd>
          <Timestamp value={subscription.started_at} />
        </dd>
      </dl>
      {!manual && (
        <p className="muted">
          This subscription is managed by {subscription.billing_source}: change or cancel it there.
        </p>
      )}
      <div className="button-row">
        <ConfirmAction
          label="Cancel subscription"
          question="Cancel the subscription now? Chats and runs are refused until you choose a plan again."
          confirmLabel="Cancel it now"
          pending={cancel.isPending}
          onConfirm={() => cancel.mutate()}
        />
      </div>
      <ErrorAlert error={cancel.error} />
    </>
  );
}

/** The live subscription, or what having none means. */
function CurrentSubscription() {
  const subscription = useSubscription();
  return (
    <section aria-labelledby="billing-subscription" className={styles.section}>
      <h2 id="billing-subscription">Current subscription</h2>
      {subscription.isPending && <Loading label="Loading the subscription…" />}
      {subscription.isError && <LoadError error={subscription.error} onRetry={() => subscription.refetch()} />}
      {subscription.isSuccess &&
        (subscription.data ? (
          <Current subscription={subscription.data} />
        ) : (
          <p className="empty">No live subscription: chats and runs are refused until you choose a plan below.</p>
        ))}
    </section>
  );
}

function PlanCard({ plan, current }: { plan: Plan; current: Subscription | null | undefined }) {
  const change = useChangePlan();
  const isCurrent = current?.plan_id === plan.id;
  const price = `${formatMinor(plan.price_minor, plan.currency)} a month`;
  const headingId = `plan-${plan.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h3 id={headingId}>{plan.name}</h3>
        {isCurrent && <span className="tag">Current plan</span>}
      </div>
      <p className={styles.amount}>{price}</p>
      {plan.description && <p className="muted">{plan.description}</p>}
      {!isCurrent && (
        <ConfirmAction
          label={current ? `Switch to ${plan.name}` : `Subscribe to ${plan.name}`}
          question={
            current
              ? `Switch to ${plan.name} at ${price}? ${current.plan_name} ends now and ${plan.name} starts today for a month.`
              : `Subscribe to ${plan.name} at ${price}? It starts today for a month.`
          }
          confirmLabel={current ? `Switch to ${plan.name}` : `Subscribe to ${plan.name}`}
          pending={change.isPending}
          onConfirm={() => change.mutate(plan.id)}
        />
      )}
      {change.isSuccess && <p role="status">Now on {change.data.plan_name}.</p>}
      <ErrorAlert error={change.error} />
    </li>
  );
}

/** The plans on offer, cheapest first, each with a way to move to it. */
function Plans() {
  const plans = usePlans();
  const subscription = useSubscription();
  return (
    <section aria-labelledby="billing-plans" className={styles.section}>
      <h2 id="billing-plans">Plans</h2>
      {plans.isPending && <Loading label="Loading the plans…" />}
      {plans.isError && <LoadError error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.isSuccess && plans.data.length === 0 && <p className="empty">No plans are on offer.</p>}
      {plans.isSuccess && plans.data.length > 0 && (
        <ul className={styles.plans} aria-label="Plans">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} current={subscription.data} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The organization's subscription and the plans it can move to. */
export function PlanPage() {
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>Plan</h1>
      <CurrentSubscription />
      <Plans />
    </div>
  );
}
