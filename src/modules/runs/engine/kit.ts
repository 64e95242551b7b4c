import { actsStore, messagesStore, runsStore } from '../store.ts';

/**
 * What an executor of another module (the workflow engine) uses to drive a run the runs module owns: the run's,
 * acts' and messages' records (every call scoped by organization), the run events, the draft, the ending, and
 * the tool acts. Re-exported through service.ts, the module's public face; the stores themselves stay private.
 */
export const runRecords = {
  runs: {
    find: runsStore.find,
    lock: runsStore.lock,
    update: runsStore.update,
    transition: runsStore.transition,
  },
  acts: {
    listForRun: actsStore.listForRun,
    insertMany: actsStore.insertMany,
    update: actsStore.update,
  },
  messages: { find: messagesStore.find },
};

export { endRun } from '../ending.ts';
export { actActivity, actError, actsUpdated, runEvent, terminalEvent } from '../events.ts';
export { type ActRow, type MessageRow, type RunRow, SPEND_LIMIT_ACT } from '../store.ts';
export { type AgentContextDeps, loadAgentContext } from './agent-context.ts';
export { modelCallContextOf } from './call-context.ts';
export { buildModelMessages, type RunRound } from './conversation.ts';
export { createDraftWriter, DraftClosed } from './draft.ts';
export { runFailure } from './failures.ts';
export type { RunEngineDeps, RunExecutor } from './handler.ts';
export { type SpendGateOutcome, spendGate } from './spend-gate.ts';
export { runToolAct } from './tool-acts.ts';
