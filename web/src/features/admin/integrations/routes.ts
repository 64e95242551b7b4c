import type { RouteObject } from 'react-router';

/** The Integrations section: the organization's Telegram bots and Microsoft 365 apps on one page. */
export const integrationsRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./IntegrationsPage.tsx').then((m) => ({ Component: m.IntegrationsPage })) },
];
