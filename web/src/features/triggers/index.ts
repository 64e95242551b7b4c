export { TriggersSection } from './TriggersSection.tsx';
export type { TriggerOwner } from './triggers-api.ts';
