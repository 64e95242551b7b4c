import type { UserEvent } from '@testing-library/user-event';
import type { FakeClient } from '../../../test/fake-client.ts';
import { renderPage } from '../../../test/fixtures.tsx';
import { DataProtectionPage } from './DataProtectionPage.tsx';
import type { DlpRule } from './dlp-api.ts';

/** Component tests' fixtures for the Data protection page (never imported by the app). */
export const CARD = '\\b\\d{4}(?:[ -]?\\d{4}){3}\\b';

export const rule = (overrides: Partial<DlpRule> = {}): DlpRule => ({
  id: '0190a000-0000-7000-8000-0000000000d1',
  organization_id: 'org',
  name: 'Card numbers',
  pattern: CARD,
  action: 'deny',
  is_active: true,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

export const rulesPage = (data: DlpRule[]) => ({ data, has_more: false, next_cursor: null });

export const openPage = (fake: FakeClient, path = '/admin/data-protection') =>
  renderPage(fake, '/admin/data-protection', path, <DataProtectionPage />);

/** Puts `text` in `field` as one paste: the page renders once, not once a key (these forms are long). */
export async function fill(person: UserEvent, field: HTMLElement, text: string) {
  await person.clear(field);
  await person.paste(text);
}
