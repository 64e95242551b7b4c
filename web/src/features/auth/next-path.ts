export const SIGN_IN_PATH = '/sign-in';
export const HOME_PATH = '/threads';

/** The sign-in page's address that returns to `path` afterwards. */
export const signInPathFor = (path: string) =>
  path === '/' || path.startsWith(SIGN_IN_PATH) ? SIGN_IN_PATH : `${SIGN_IN_PATH}?next=${encodeURIComponent(path)}`;

/** Where to go after signing in: only a path of this app, never another origin (`//evil.example`, `/\evil`). */
export function nextPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return HOME_PATH;
  return next.startsWith(SIGN_IN_PATH) ? HOME_PATH : next;
}
