import type { RouteObject } from 'react-router';
import { billingRoutes } from './billing/routes.ts';
import { dataProtectionRoutes } from './data-protection/routes.ts';
import { integrationsRoutes } from './integrations/routes.ts';
import { lookAndFeelRoutes } from './look-and-feel/routes.ts';
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
  { path: 'data-protection', label: 'Data protection', routes: dataProtectionRoutes },
  { path: 'look-and-feel', label: 'Look and feel', routes: lookAndFeelRoutes },
  { path: 'integrations', label: 'Integrations', routes: integrationsRoutes },
  { path: 'usage', label: 'Usage', routes: usageRoutes },
  { path: 'billing', label: 'Billing', routes: billingRoutes },
];
