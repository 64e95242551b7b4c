import type { RouteObject } from 'react-router';

export const billingRoutes: RouteObject[] = [];
