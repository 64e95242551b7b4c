export const loadWorkflowsPage = () => import('./WorkflowsPage.tsx').then((m) => ({ Component: m.WorkflowsPage }));
export const loadNewWorkflowPage = () =>
  import('./NewWorkflowPage.tsx').then((m) => ({ Component: m.NewWorkflowPage }));
export const loadWorkflowPage = () => import('./WorkflowPage.tsx').then((m) => ({ Component: m.WorkflowPage }));
