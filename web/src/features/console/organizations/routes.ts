import type { RouteObject } from 'react-router';

/** Console › Organizations: the list, a new organization with its first admin, and one organization's pages. */
export const organizationsRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./OrganizationsPage.tsx').then((m) => ({ Component: m.OrganizationsPage })) },
  { path: 'new', lazy: () => import('./NewOrganizationPage.tsx').then((m) => ({ Component: m.NewOrganizationPage })) },
  {
    path: ':organizationId',
    lazy: () => import('./OrganizationLayout.tsx').then((m) => ({ Component: m.OrganizationLayout })),
    children: [
      { index: true, lazy: () => import('./OverviewPage.tsx').then((m) => ({ Component: m.OverviewPage })) },
      { path: 'users', lazy: () => import('./users/UsersPage.tsx').then((m) => ({ Component: m.UsersPage })) },
      { path: 'users/new', lazy: () => import('./users/NewUserPage.tsx').then((m) => ({ Component: m.NewUserPage })) },
      { path: 'users/:userId', lazy: () => import('./users/UserPage.tsx').then((m) => ({ Component: m.UserPage })) },
      {
        path: 'service-accounts',
        lazy: () =>
          import('./service-accounts/ServiceAccountsPage.tsx').then((m) => ({ Component: m.ServiceAccountsPage })),
      },
    ],
  },
];
