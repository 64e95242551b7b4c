import type { RouteObject } from 'react-router';

/** Billing operations under `/console/billing`: the plans, and one organization's wallet, limits and invoices. */
export const billingRoutes: RouteObject[] = [
  {
    lazy: () => import('./BillingLayout.tsx').then((m) => ({ Component: m.BillingLayout })),
    children: [
      { index: true, lazy: () => import('./plans/PlansPage.tsx').then((m) => ({ Component: m.PlansPage })) },
      { path: 'plans/new', lazy: () => import('./plans/NewPlanPage.tsx').then((m) => ({ Component: m.NewPlanPage })) },
      { path: 'plans/:planId', lazy: () => import('./plans/PlanPage.tsx').then((m) => ({ Component: m.PlanPage })) },
      {
        path: 'organizations',
        lazy: () => import('./organizations/OrganizationsPage.tsx').then((m) => ({ Component: m.OrganizationsPage })),
      },
      {
        path: 'organizations/:organizationId',
        lazy: () => import('./organizations/OrganizationLayout.tsx').then((m) => ({ Component: m.OrganizationLayout })),
        children: [
          { index: true, lazy: () => import('./wallet/WalletPage.tsx').then((m) => ({ Component: m.WalletPage })) },
          {
            path: 'spend-limits',
            lazy: () => import('./limits/SpendLimitsPage.tsx').then((m) => ({ Component: m.SpendLimitsPage })),
          },
          {
            path: 'invoices',
            lazy: () => import('./invoices/InvoicesPage.tsx').then((m) => ({ Component: m.InvoicesPage })),
          },
          {
            path: 'invoices/new',
            lazy: () => import('./invoices/NewInvoicePage.tsx').then((m) => ({ Component: m.NewInvoicePage })),
          },
          {
            path: 'invoices/:invoiceId',
            lazy: () => import('./invoices/InvoicePage.tsx').then((m) => ({ Component: m.InvoicePage })),
          },
        ],
      },
    ],
  },
];
