import type { RouteObject } from 'react-router';
import { accessRoutes } from './access/routes.ts';
import { billingRoutes } from './billing/routes.ts';
import type { ConsoleSection } from './console-sections.ts';
import { demoOrganizationsRoutes } from './demo-organizations/routes.ts';
import { featureFlagsRoutes } from './feature-flags/routes.ts';
import { modelsRoutes } from './models/routes.ts';
import { organizationsRoutes } from './organizations/routes.ts';

/** A part of the Console: its tab, the console section that opens it, and its pages under `/console/<path>`. */
export interface ConsolePart {
  path: string;
  label: string;
  section: ConsoleSection;
  routes: RouteObject[];
}

/** The Console's parts in the order of its tabs; each shows only to people holding its section. */
export const CONSOLE_PARTS: readonly ConsolePart[] = [
  { path: 'organizations', label: 'Organizations', section: 'organizations', routes: organizationsRoutes },
  { path: 'demo-organizations', label: 'Demo organizations', section: 'sales', routes: demoOrganizationsRoutes },
  { path: 'models', label: 'Model catalog', section: 'ai-platform', routes: modelsRoutes },
  { path: 'feature-flags', label: 'Feature flags', section: 'platform', routes: featureFlagsRoutes },
  { path: 'billing', label: 'Billing', section: 'billing', routes: billingRoutes },
  { path: 'access', label: 'Access', section: 'access', routes: accessRoutes },
];
