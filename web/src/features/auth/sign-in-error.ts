import { describeError, isApiError } from '../../lib/errors.ts';

/** Why signing in failed, in words for the person at the form. */
export function signInErrorMessage(error: unknown): string {
  if (isApiError(error, 403, 'user_suspended')) return 'Your account is suspended. Ask an admin of your organization.';
  if (isApiError(error, 403, 'org_suspended'))
    return 'Your organization is suspended. Ask its admin or Atrium support.';
  if (isApiError(error, 429)) return 'Too many sign-in attempts. Wait a few minutes, then try again.';
  return describeError(error);
}
