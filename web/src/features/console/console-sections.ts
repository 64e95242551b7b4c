import type { components } from '@atrium/client';

type Me = components['schemas']['Me'];
export type ConsoleSection = NonNullable<Me['console_sections']>[number];

const ALL_SECTIONS: readonly ConsoleSection[] = [
  'platform',
  'organizations',
  'sales',
  'operations',
  'ai-platform',
  'billing',
  'access',
];

/**
 * The console sections the signed-in person holds, as the API reckons them: only the system organization's people
 * reach the console; its admins hold every section, everyone else those of their console role.
 */
export function consoleSectionsOf(user: Pick<Me, 'organization_is_system' | 'role' | 'console_sections'>) {
  if (!user.organization_is_system) return [];
  if (user.role === 'admin') return ALL_SECTIONS;
  return user.console_sections ?? [];
}
