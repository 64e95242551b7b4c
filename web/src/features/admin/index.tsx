import { Navigate, type RouteObject } from 'react-router';
import { ADMIN_SECTIONS } from './sections.ts';

export const loadAdminArea = () => import('./AdminArea.tsx').then((m) => ({ Component: m.AdminArea }));

/** The routes under `/admin`: the first section opens by default. */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to={ADMIN_SECTIONS[0]?.path ?? '/'} replace /> },
  ...ADMIN_SECTIONS.map((section) => ({ path: section.path, children: section.routes })),
];
