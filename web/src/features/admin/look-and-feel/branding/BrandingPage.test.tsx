import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../../../test/fake-client.ts';
import { renderPage, signIn } from '../../../../test/fixtures.tsx';
import { stubXhr } from '../../../artifacts/fake-xhr.ts';
import { BrandingPage } from './BrandingPage.tsx';

const branding = {
  organization_id: 'org',
  logo_light: null,
  logo_dark: null,
  brand_book: null,
  color_primary: '#1f6feb',
  color_secondary: null,
  color_accent: null,
  guidelines_text: null,
  updated_at: '2030-01-01T00:00:00.000Z',
};

let fake: FakeClient;

beforeEach(() => {
  fake = createFakeClient();
  signIn(fake);
  fake.on('GET', '/v1/organization/branding', ok({ branding }));
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderPage(fake, '/admin/look-and-feel', '/admin/look-and-feel', <BrandingPage />);

describe('BrandingPage', () => {
  it('checks colours are #RRGGBB before sending, and sends an emptied colour as the empty string', async () => {
    fake.on('PATCH', '/v1/organization/branding', (init) =>
      ok({ branding: { ...branding, color_primary: null, color_secondary: '#aabbcc', ...(init.body as object) } }),
    );
    open();
    const person = userEvent.setup();
    const secondary = await screen.findByRole('textbox', { name: 'Secondary colour' });
    await person.type(secondary, '#abc');
    await person.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(secondary).toHaveAttribute('aria-invalid', 'true');
    expect(secondary).toHaveAccessibleDescription(
      'Give a colour as #RRGGBB (six hex digits), or leave it empty to clear it.',
    );
    expect(fake.api.PATCH).not.toHaveBeenCalled();

    await person.clear(secondary);
    await person.type(secondary, '#AABBCC');
    await person.clear(screen.getByRole('textbox', { name: 'Primary colour' }));
    await person.click(screen.getByRole('button', { name: 'Save branding' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(fake.api.PATCH).toHaveBeenCalledWith('/v1/organization/branding', {
      body: { color_primary: '', color_secondary: '#aabbcc' },
    });
  });

  it('previews the colours with the contrast of their text as they are typed', async () => {
    open();
    const person = userEvent.setup();
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.getByText(/Primary: white text reads at 4\.\d\d:1/)).toBeInTheDocument();
    await person.type(screen.getByRole('textbox', { name: 'Accent colour' }), '#ffff00');
    expect(screen.getByText('Accent: black text reads at 19.55:1 (meets 4.5:1)')).toBeInTheDocument();
  });

  it('uploads a logo with progress, then attaches it', async () => {
    const requests = stubXhr();
    fake.on(
      'POST',
      '/v1/organization/branding/uploads',
      ok({ upload_url: '/blobs/k?sig', storage_key: 'k', expires_in_seconds: 300 }, 201),
    );
    const logo = { storage_key: 'k', filename: 'logo.png', mime_type: 'image/png', size_bytes: 4, get_url: '/blobs/k' };
    fake.on('PUT', '/v1/organization/branding/assets/{slot}', ok({ branding: { ...branding, logo_light: logo } }));
    open();
    const person = userEvent.setup();
    const input = await screen.findByLabelText('Upload the logo for light backgrounds');
    await person.upload(input, new File(['abcd'], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(fake.api.POST).toHaveBeenCalledWith('/v1/organization/branding/uploads', {
      body: { slot: 'logo_light', mime_type: 'image/png', size_bytes: 4 },
    });
    act(() => requests[0]!.progress(2, 4));
    expect(await screen.findByText('Uploading 50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload of logo.png' })).toHaveAttribute('value', '0.5');
    act(() => requests[0]!.respond(201));
    expect(await screen.findByRole('img', { name: 'Logo for light backgrounds: logo.png' })).toBeInTheDocument();
    expect(fake.api.PUT).toHaveBeenCalledWith('/v1/organization/branding/assets/{slot}', {
      params: { path: { slot: 'logo_light' } },
      body: { storage_key: 'k', filename: 'logo.png', mime_type: 'image/png', size_bytes: 4 },
    });
  });

  it('refuses a file the slot does not take before asking for a URL', async () => {
    open();
    const person = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Upload the brand book');
    await person.upload(input, new File(['abcd'], 'book.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Brand book takes A PDF, at most 25 MB.');
    expect(fake.api.POST).not.toHaveBeenCalled();
  });
});
