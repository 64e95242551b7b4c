import { Navigate, type RouteObject } from 'react-router';
import { BootScreen } from '../components/QueryStatus.tsx';
import { adminRoutes, loadAdminArea } from '../features/admin/index.tsx';
import { loadAgentPage, loadAgentsArea, loadAgentsPage, loadNewAgentPage } from '../features/agents/index.ts';
import { loadApprovalsPage } from '../features/approvals/index.ts';
import { loadSignInPage, RequireSession, SIGN_IN_PATH } from '../features/auth/index.ts';
import { consoleRoutes, loadConsoleArea } from '../features/console/index.tsx';
import { loadDeveloperPage } from '../features/developer/index.ts';
import { loadProfilePage } from '../features/profile/index.ts';
import { loadProjectPage, loadProjectsPage } from '../features/projects/index.ts';
import { loadNewSkillPage, loadSkillPage, loadSkillsPage } from '../features/skills/index.ts';
import { loadConversationPage, loadThreadsPage } from '../features/threads/index.ts';
import { loadNewWorkflowPage, loadWorkflowPage, loadWorkflowsPage } from '../features/workflows/index.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RouteError } from './RouteError.tsx';
import { Shell } from './Shell.tsx';

/** Every page is a lazy route: the first load carries the shell and nothing a person has not opened yet. */
export const appRoutes: RouteObject[] = [
  {
    hydrateFallbackElement: <BootScreen />,
    errorElement: (
      <BootScreen>
        <RouteError />
      </BootScreen>
    ),
    children: [
      { path: SIGN_IN_PATH, lazy: loadSignInPage },
      {
        element: (
          <RequireSession>
            <Shell />
          </RequireSession>
        ),
        children: [
          {
            // A page that fails shows its error inside the shell, so the navigation still works.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to="/threads" replace /> },
              { path: 'threads', lazy: loadThreadsPage },
              { path: 'threads/:threadId', lazy: loadConversationPage },
              { path: 'projects', lazy: loadProjectsPage },
              { path: 'projects/:projectId', lazy: loadProjectPage },
              { path: 'approvals', lazy: loadApprovalsPage },
              {
                path: 'agents',
                lazy: loadAgentsArea,
                children: [
                  { index: true, lazy: loadAgentsPage },
                  { path: 'new', lazy: loadNewAgentPage },
                  { path: 'skills', lazy: loadSkillsPage },
                  { path: 'skills/new', lazy: loadNewSkillPage },
                  { path: 'skills/:skillId', lazy: loadSkillPage },
                  { path: 'workflows', lazy: loadWorkflowsPage },
                  { path: 'workflows/new', lazy: loadNewWorkflowPage },
                  { path: 'workflows/:workflowId', lazy: loadWorkflowPage },
                  { path: ':agentId', lazy: loadAgentPage },
                ],
              },
              { path: 'admin', lazy: loadAdminArea, children: adminRoutes },
              { path: 'console', lazy: loadConsoleArea, children: consoleRoutes },
              { path: 'profile', lazy: loadProfilePage },
              { path: 'developer', lazy: loadDeveloperPage },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
