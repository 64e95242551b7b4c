export const loadDeveloperPage = () => import('./DeveloperPage.tsx').then((m) => ({ Component: m.DeveloperPage }));
