import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeClient, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { ApprovalsPage } from './ApprovalsPage.tsx';
import type { PendingApproval } from './approvals-api.ts';

const approval = (n: number, title: string | null): PendingApproval => ({
  id: `0190a000-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
  type: 'approval',
  run_id: '0190a000-0000-7000-8000-000000000100',
  thread_id: `0190a000-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  thread_title: title,
  act_key: 'send',
  prompt: `Send announcement ${n}?`,
  options: ['approve', 'reject'],
  multi_select: false,
  kind: null,
  spend_limit: null,
  created_at: '2026-11-27T10:00:00.000Z',
});

describe('ApprovalsPage', () => {
  it("names each card's thread, and shows older pages when asked", async () => {
    const fake = createFakeClient();
    fake.on('GET', '/v1/approvals', ({ params }) =>
      params?.query?.cursor === 'page-2'
        ? ok({ data: [approval(3, 'Hiring plan')], has_more: false, next_cursor: null })
        : ok({ data: [approval(1, 'Launch'), approval(2, null)], has_more: true, next_cursor: 'page-2' }),
    );
    renderWithClient(fake, <ApprovalsPage />);

    const items = async () => within(screen.getByRole('list')).findAllByRole('listitem');
    expect((await items()).map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Launch',
      'Untitled thread',
    ]);
    expect(screen.getByRole('link', { name: 'Launch' })).toHaveAttribute(
      'href',
      `/threads/${approval(1, null).thread_id}`,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText('Send announcement 3?');
    expect((await items()).map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Launch',
      'Untitled thread',
      'Hiring plan',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
