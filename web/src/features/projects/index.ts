export { type ProjectRow, useProjects } from './use-projects.ts';

export const loadProjectsPage = () => import('./ProjectsPage.tsx').then((m) => ({ Component: m.ProjectsPage }));
