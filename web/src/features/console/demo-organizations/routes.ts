import type { RouteObject } from 'react-router';

export const demoOrganizationsRoutes: RouteObject[] = [];
