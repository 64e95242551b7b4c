import type { RouteObject } from 'react-router';
import { integrationsRoutes } from './integrations/routes.ts';
import { organizationRoutes } from './organization/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { usageRoutes } from './usage/routes.ts';

/** A part of the Admin area: its link in the area's navigation and its pages under `/admin/<path>`. */
export interface AdminSection {
  path: string;
  label: string;
  routes: RouteObject[];
}

/** The Admin area's sections, in the order its navigation lists them: a new section is one more line here. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: 'people', label: 'People', routes: peopleRoutes },
  { path: 'organization', label: 'Organization', routes: organizationRoutes },
  { path: 'integrations', label: 'Integrations', routes: integrationsRoutes },
  { path: 'usage', label: 'Usage', routes: usageRoutes },
];
