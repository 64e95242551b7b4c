import type { RouteObject } from 'react-router';

export const modelsRoutes: RouteObject[] = [];
