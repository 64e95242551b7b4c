export { AGENT_TOOLS } from './agent-form.ts';
export { useAgents, useTextModels } from './use-agents.ts';

export const loadAgentsArea = () => import('./AgentsArea.tsx').then((m) => ({ Component: m.AgentsArea }));
export const loadAgentsPage = () => import('./AgentsPage.tsx').then((m) => ({ Component: m.AgentsPage }));
export const loadNewAgentPage = () => import('./NewAgentPage.tsx').then((m) => ({ Component: m.NewAgentPage }));
export const loadAgentPage = () => import('./AgentPage.tsx').then((m) => ({ Component: m.AgentPage }));
