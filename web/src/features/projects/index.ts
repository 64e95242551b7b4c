export { useMembers } from './members/use-members.ts';
export { type ProjectRow, useProjects } from './use-projects.ts';

export const loadProjectsPage = () => import('./ProjectsPage.tsx').then((m) => ({ Component: m.ProjectsPage }));
export const loadProjectPage = () => import('./project/ProjectPage.tsx').then((m) => ({ Component: m.ProjectPage }));
