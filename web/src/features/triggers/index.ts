export { TriggersSection } from './TriggersSection.tsx';
