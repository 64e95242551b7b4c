import type { RouteObject } from 'react-router';

/** The Look and feel section: branding, the theme composer, and appearance. */
export const lookAndFeelRoutes: RouteObject[] = [
  {
    lazy: () => import('./LookAndFeelLayout.tsx').then((m) => ({ Component: m.LookAndFeelLayout })),
    children: [
      { index: true, lazy: () => import('./branding/BrandingPage.tsx').then((m) => ({ Component: m.BrandingPage })) },
      { path: 'themes', lazy: () => import('./themes/ThemesPage.tsx').then((m) => ({ Component: m.ThemesPage })) },
      {
        path: 'themes/:themeId',
        lazy: () => import('./themes/ThemePage.tsx').then((m) => ({ Component: m.ThemePage })),
      },
      {
        path: 'appearance',
        lazy: () => import('./appearance/AppearancePage.tsx').then((m) => ({ Component: m.AppearancePage })),
      },
    ],
  },
];
