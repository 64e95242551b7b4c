export { UserMenu } from './UserMenu.tsx';

export const loadProfilePage = () => import('./ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage }));
