import type { RouteObject } from 'react-router';

/** The Organization section: profile, models and feature flags; departments as a tree. */
export const organizationRoutes: RouteObject[] = [
  {
    lazy: () => import('./OrganizationLayout.tsx').then((m) => ({ Component: m.OrganizationLayout })),
    children: [
      { index: true, lazy: () => import('./OrganizationPage.tsx').then((m) => ({ Component: m.OrganizationPage })) },
      {
        path: 'departments',
        lazy: () => import('./departments/DepartmentsPage.tsx').then((m) => ({ Component: m.DepartmentsPage })),
      },
    ],
  },
];
