import type { RouteObject } from 'react-router';

/** The Billing section: the wallet and spend limits, the plan, billing profiles, invoices. */
export const billingRoutes: RouteObject[] = [
  {
    lazy: () => import('./BillingLayout.tsx').then((m) => ({ Component: m.BillingLayout })),
    children: [
      { index: true, lazy: () => import('./OverviewPage.tsx').then((m) => ({ Component: m.OverviewPage })) },
      { path: 'plan', lazy: () => import('./PlanPage.tsx').then((m) => ({ Component: m.PlanPage })) },
      {
        path: 'profiles',
        lazy: () => import('./profiles/ProfilesPage.tsx').then((m) => ({ Component: m.ProfilesPage })),
      },
      {
        path: 'profiles/new',
        lazy: () => import('./profiles/NewProfilePage.tsx').then((m) => ({ Component: m.NewProfilePage })),
      },
      {
        path: 'profiles/:profileId',
        lazy: () => import('./profiles/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
      },
      {
        path: 'invoices',
        lazy: () => import('./invoices/InvoicesPage.tsx').then((m) => ({ Component: m.InvoicesPage })),
      },
      {
        path: 'invoices/:invoiceId',
        lazy: () => import('./invoices/InvoicePage.tsx').then((m) => ({ Component: m.InvoicePage })),
      },
    ],
  },
];
