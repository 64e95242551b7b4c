export type { PendingInterrupt } from './approvals-api.ts';
export { InterruptCard } from './InterruptCard.tsx';
export { usePendingApprovalCount, useRefreshPendingApprovals } from './use-approvals.ts';

export const loadApprovalsPage = () => import('./ApprovalsPage.tsx').then((m) => ({ Component: m.ApprovalsPage }));
