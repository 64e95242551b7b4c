import type { RouteObject } from 'react-router';

/** Access (section `access`): console roles, and the system users with their roles, status and passwords. */
export const accessRoutes: RouteObject[] = [
  {
    lazy: () => import('./AccessLayout.tsx').then((m) => ({ Component: m.AccessLayout })),
    children: [
      {
        index: true,
        lazy: () => import('./roles/ConsoleRolesPage.tsx').then((m) => ({ Component: m.ConsoleRolesPage })),
      },
      {
        path: 'system-users',
        lazy: () => import('./system-users/SystemUsersPage.tsx').then((m) => ({ Component: m.SystemUsersPage })),
      },
      {
        path: 'system-users/:userId',
        lazy: () => import('./system-users/SystemUserPage.tsx').then((m) => ({ Component: m.SystemUserPage })),
      },
    ],
  },
];
