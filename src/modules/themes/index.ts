import type { FastifyInstance } from 'fastify';
import { registerThemeColorRoutes } from './colors.routes.ts';
import { createThemeColorsService, type ThemeColorsDeps } from './colors.service.ts';

/** Theme colours (suggest, derive); the themes module folds this in. */
export function createThemeColorsModule(deps: ThemeColorsDeps) {
  const service = createThemeColorsService(deps);
  return { service, routes: (app: FastifyInstance) => registerThemeColorRoutes(app, service) };
}
