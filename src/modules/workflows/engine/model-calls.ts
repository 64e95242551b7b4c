import { ApiError } from '../../../platform/http/errors.ts';
import type { ModelGateway } from '../../../platform/models/index.ts';

/**
 * Model calls one workflow run may make: every round of every step, nested ones included, and the reply. The
 * expanded steps are capped (MAX_EXPANDED_STEPS, 200), but an agent step may take MAX_AGENT_STEP_ROUNDS (8)
 * rounds, so steps alone would allow 1,600. An agent run stops after MAX_ROUNDS (12) rounds, far below this.
 */
export const MAX_MODEL_CALLS = 500;

/** A run past one of its limits: it fails with this error as it is (not as the step that met it). */
export class RunLimitReached extends ApiError {
  constructor(message: string) {
    super(422, 'limit_reached', message);
  }
}

/** Model calls of the run's completed steps, as kept in `runs.state` (so a later delivery goes on counting). */
export const modelCallsOf = (state: Record<string, unknown>): number =>
  typeof state.modelCalls === 'number' ? state.modelCalls : 0;

/**
 * The gateway as one delivery of a workflow run sees it: each round counts, after the `used` calls of earlier
 * deliveries, and the call past MAX_MODEL_CALLS is refused before it reaches a vendor.
 */
export function meteredGateway(gateway: ModelGateway, used: number): ModelGateway {
  let calls = used;
  return {
    ...gateway,
    streamRound(req, onEvent) {
      if (calls >= MAX_MODEL_CALLS) {
        return Promise.reject(new RunLimitReached(`This run reached its limit of ${MAX_MODEL_CALLS} model calls`));
      }
      calls += 1;
      return gateway.streamRound(req, onEvent);
    },
  };
}
