import { AtriumApiError } from '@atrium/client';
import { describe, expect, it } from 'vitest';
import { placeApiError } from './field-errors.ts';

const apiError = (status: number, code: string, error: string) =>
  new AtriumApiError(new Response(null, { status }), { error, code, request_id: 'req' });
const FIELDS = { first_name: 'firstName', email: 'email' } as const;

describe('placing the API’s refusal on a form', () => {
  it('puts each named field’s own message on it, and nothing above the button', () => {
    const error = apiError(422, 'validation_error', 'email: must be a valid email address; first_name: Too big');
    expect(placeApiError(error, FIELDS)).toEqual({
      fields: { email: 'must be a valid email address', firstName: 'Too big' },
      form: null,
    });
  });

  it('keeps the whole refusal above the button when a part names no field of the form', () => {
    const error = apiError(400, 'invalid_request', 'email: must be a valid email address; Unknown field(s): x');
    const placed = placeApiError(error, FIELDS);
    expect(placed.fields).toEqual({ email: 'must be a valid email address' });
    expect(placed.form).toBe(error);
  });

  it('places a nested key by its whole path, or else by its first segment', () => {
    const error = apiError(
      400,
      'invalid_request',
      'admin.email: Invalid email; admin.first_name: Too big; tags.0: bad',
    );
    const placed = placeApiError(error, { 'admin.email': 'email', tags: 'tags' });
    expect(placed.fields).toEqual({ email: 'Invalid email', tags: 'bad' });
    expect(placed.form).toBe(error);
  });

  it('places a conflict by its code, and leaves other refusals whole', () => {
    const taken = apiError(409, 'duplicate_email', 'A user with this email already exists');
    expect(placeApiError(taken, FIELDS, { duplicate_email: 'email' })).toEqual({
      fields: { email: 'A user with this email already exists' },
      form: null,
    });
    const forbidden = apiError(403, 'forbidden', 'Admins only');
    expect(placeApiError(forbidden, FIELDS)).toEqual({ fields: {}, form: forbidden });
    expect(placeApiError(null, FIELDS)).toEqual({ fields: {}, form: null });
  });
});
