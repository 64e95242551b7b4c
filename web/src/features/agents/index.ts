export const loadAgentsPage = () => import('./AgentsPage.tsx').then((m) => ({ Component: m.AgentsPage }));
