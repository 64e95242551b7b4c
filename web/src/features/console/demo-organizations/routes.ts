import type { RouteObject } from 'react-router';

/** Demo organizations (section `sales`): the live demos, and a new one with its first admin. */
export const demoOrganizationsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./DemoOrganizationsPage.tsx').then((m) => ({ Component: m.DemoOrganizationsPage })),
  },
  {
    path: 'new',
    lazy: () => import('./NewDemoOrganizationPage.tsx').then((m) => ({ Component: m.NewDemoOrganizationPage })),
  },
];
