import type { RouteObject } from 'react-router';

/** The People section: users, and service accounts with their keys, under one layout with its own links. */
export const peopleRoutes: RouteObject[] = [
  {
    lazy: () => import('./PeopleLayout.tsx').then((m) => ({ Component: m.PeopleLayout })),
    children: [
      { index: true, lazy: () => import('./users/UsersPage.tsx').then((m) => ({ Component: m.UsersPage })) },
      { path: 'users/new', lazy: () => import('./users/NewUserPage.tsx').then((m) => ({ Component: m.NewUserPage })) },
      { path: 'users/:userId', lazy: () => import('./users/UserPage.tsx').then((m) => ({ Component: m.UserPage })) },
      {
        path: 'service-accounts',
        lazy: () =>
          import('./service-accounts/ServiceAccountsPage.tsx').then((m) => ({ Component: m.ServiceAccountsPage })),
      },
      {
        path: 'service-accounts/:accountId',
        lazy: () =>
          import('./service-accounts/ServiceAccountPage.tsx').then((m) => ({ Component: m.ServiceAccountPage })),
      },
    ],
  },
];
