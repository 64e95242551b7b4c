import type { RouteObject } from 'react-router';

/** The Usage section: one page of reports; its period and choices live in the address. */
export const usageRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./UsagePage.tsx').then((m) => ({ Component: m.UsagePage })) },
];
