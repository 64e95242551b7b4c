import type { RouteObject } from 'react-router';

export const accessRoutes: RouteObject[] = [];
