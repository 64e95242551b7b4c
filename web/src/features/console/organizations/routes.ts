import type { RouteObject } from 'react-router';

export const organizationsRoutes: RouteObject[] = [];
