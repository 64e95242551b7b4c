import type { RoleSection } from './access-api.ts';

/**
 * Each console section with what it opens, in the API's order; typed over every section, so a section the API
 * adds fails the build here until it is described.
 */
export const SECTION_TEXT: Readonly<Record<RoleSection, { label: string; opens: string }>> = {
  platform: { label: 'Platform', opens: 'Feature flags: the platform’s defaults and each organization’s overrides.' },
  organizations: {
    label: 'Organizations',
    opens: 'Every organization: create, change, suspend, delete and restore them, and manage their users.',
  },
  sales: { label: 'Sales', opens: 'Demo organizations: create time-limited demos with their first admin.' },
  operations: { label: 'Operations', opens: 'Reserved for operational tools: no page of the Console uses it yet.' },
  'ai-platform': { label: 'AI platform', opens: 'The model catalog: AI providers, model families and versions.' },
  billing: { label: 'Billing', opens: 'Plans, wallets, credits, spend limits and invoices of organizations.' },
  access: {
    label: 'Access',
    opens: 'Console roles, and the system organization’s people: their console role, status and password.',
  },
};

export const ALL_ROLE_SECTIONS = Object.keys(SECTION_TEXT) as RoleSection[];

/** Sections in the API's order, whatever order they were ticked in. */
export const inSectionOrder = (sections: Iterable<RoleSection>) => {
  const chosen = new Set(sections);
  return ALL_ROLE_SECTIONS.filter((section) => chosen.has(section));
};
