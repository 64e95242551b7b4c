import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../../lib/client-context.tsx';

export type Appearance = components['schemas']['Appearance'];
/** What the PUT takes: the view's names and logos are the server's to add. */
export type AppearanceInput = Pick<Appearance, 'allowed_themes' | 'default_theme'>;

export const appearanceKeys = { appearance: ['admin', 'appearance'] as const };

/**
 * The built-in palettes (src/modules/themes/colors/palettes.ts). The appearance names only the allowed palettes, so
 * one not allowed yet is known from this list; an allowed id it lacks is shown with the API's name for it.
 */
export const BUILT_IN_PALETTES: readonly { id: string; name: string }[] = [
  { id: 'cortex', name: 'Cortex (built-in)' },
  { id: 'meadow', name: 'Meadow (built-in)' },
  { id: 'ember', name: 'Ember (built-in)' },
];

/** The API's bound on the allowed list (src/modules/themes/appearance.schemas.ts). */
export const MAX_ALLOWED = 200;

export async function getAppearance(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/appearance')).appearance;
}

export async function putAppearance(client: AtriumClient, body: AppearanceInput) {
  return unwrap(await client.api.PUT('/v1/organization/appearance', { body })).appearance;
}
