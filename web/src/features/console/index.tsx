import type { RouteObject } from 'react-router';
import { CONSOLE_PARTS } from './sections.ts';

export { consoleSectionsOf } from './console-sections.ts';

export const loadConsoleArea = () => import('./ConsoleArea.tsx').then((m) => ({ Component: m.ConsoleArea }));

/** The routes under `/console`: the first part the person holds opens by default; each part checks its section. */
export const consoleRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./ConsoleArea.tsx').then((m) => ({ Component: m.FirstConsolePart })) },
  ...CONSOLE_PARTS.map((part) => ({
    path: part.path,
    lazy: () => import('./ConsoleArea.tsx').then((m) => ({ Component: m.gateOf(part.section) })),
    children: part.routes,
  })),
];
