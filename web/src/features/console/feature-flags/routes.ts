import type { RouteObject } from 'react-router';

export const featureFlagsRoutes: RouteObject[] = [];
