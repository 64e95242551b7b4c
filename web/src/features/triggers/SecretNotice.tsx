import { ShownOnce } from '../../components/ShownOnce.tsx';
import type { CreatedTrigger } from './triggers-api.ts';

/** A new webhook trigger's address and signing secret: the secret is in the create answer only. */
export function SecretNotice({ trigger }: { trigger: CreatedTrigger }) {
  if (!trigger.webhook_url || !trigger.secret) return null;
  return (
    <ShownOnce
      name="New webhook"
      warning="Copy the secret now: it will not be shown again."
      secrets={[
        { label: 'Webhook URL', value: trigger.webhook_url },
        { label: 'Signing secret', value: trigger.secret },
      ]}
    />
  );
}
