export { threadTitle } from './thread-title.ts';
export const loadThreadsPage = () => import('./list/ThreadsPage.tsx').then((m) => ({ Component: m.ThreadsPage }));
export const loadConversationPage = () =>
  import('./conversation/ConversationPage.tsx').then((m) => ({ Component: m.ConversationPage }));
