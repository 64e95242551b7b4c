export type { Skill } from './skills-api.ts';
export { useLiveSkills } from './use-skills.ts';

export const loadSkillsPage = () => import('./SkillsPage.tsx').then((m) => ({ Component: m.SkillsPage }));
export const loadNewSkillPage = () => import('./NewSkillPage.tsx').then((m) => ({ Component: m.NewSkillPage }));
export const loadSkillPage = () => import('./SkillPage.tsx').then((m) => ({ Component: m.SkillPage }));
