import type { RouteObject } from 'react-router';

/** The model catalog: providers with their vendor listings, families with their versions (paths under /console/models). */
export const modelsRoutes: RouteObject[] = [
  {
    lazy: () => import('./ModelsLayout.tsx').then((m) => ({ Component: m.ModelsLayout })),
    children: [
      {
        index: true,
        lazy: () => import('./providers/ProvidersPage.tsx').then((m) => ({ Component: m.ProvidersPage })),
      },
      {
        path: 'providers/:providerId',
        lazy: () => import('./providers/ProviderPage.tsx').then((m) => ({ Component: m.ProviderPage })),
      },
      {
        path: 'families',
        lazy: () => import('./families/FamiliesPage.tsx').then((m) => ({ Component: m.FamiliesPage })),
      },
      {
        path: 'families/:familyId',
        lazy: () => import('./families/FamilyPage.tsx').then((m) => ({ Component: m.FamilyPage })),
      },
      {
        path: 'families/:familyId/versions/new',
        lazy: () => import('./versions/NewVersionPage.tsx').then((m) => ({ Component: m.NewVersionPage })),
      },
      {
        path: 'versions/:versionId',
        lazy: () => import('./versions/VersionPage.tsx').then((m) => ({ Component: m.VersionPage })),
      },
    ],
  },
];
