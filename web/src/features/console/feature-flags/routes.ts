import type { RouteObject } from 'react-router';

/** Feature flags (section `platform`): the platform defaults, and one organization's overrides. */
export const featureFlagsRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./FeatureFlagsPage.tsx').then((m) => ({ Component: m.FeatureFlagsPage })) },
  {
    path: 'organizations/:organizationId',
    lazy: () => import('./OrganizationFlagsPage.tsx').then((m) => ({ Component: m.OrganizationFlagsPage })),
  },
];
