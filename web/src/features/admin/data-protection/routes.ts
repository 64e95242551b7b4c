import type { RouteObject } from 'react-router';

/** The Data protection section: DLP rules, drafts, the test box and dry runs on one page. */
export const dataProtectionRoutes: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./DataProtectionPage.tsx').then((m) => ({ Component: m.DataProtectionPage })),
  },
];
