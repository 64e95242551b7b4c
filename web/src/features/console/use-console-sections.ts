import { useSignedInUser } from '../auth/index.ts';
import { consoleSectionsOf } from './console-sections.ts';
import { CONSOLE_PARTS } from './sections.ts';

/** The console sections the signed-in person holds. */
export function useConsoleSections() {
  return consoleSectionsOf(useSignedInUser());
}

/** The Console's parts the signed-in person may open, in tab order. */
export function useConsoleParts() {
  const held = useConsoleSections();
  return CONSOLE_PARTS.filter((part) => held.includes(part.section));
}
