export { SIGN_IN_PATH } from './next-path.ts';
export { RequireSession } from './RequireSession.tsx';
export type { SignedInUser } from './session-api.ts';
export { endSession, sessionKey, useSignedInUser, useSignOut } from './use-session.ts';

export const loadSignInPage = () => import('./SignInPage.tsx').then((m) => ({ Component: m.SignInPage }));
