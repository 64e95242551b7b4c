import type { FlagChanges, FlagSetting, Flags } from './flags-api.ts';

/** Every flag to show: the known ones and any that has a row in one of `scopes`, by name. */
export const flagNames = (known: readonly string[], ...scopes: Flags[]) =>
  [...new Set([...known, ...scopes.flatMap((flags) => Object.keys(flags))])].sort();

export const savedSetting = (saved: Flags, name: string): FlagSetting => saved[name] ?? null;

/** The flags whose setting in `draft` differs from the saved one: exactly what a PUT should name. */
export function changedFlags(saved: Flags, draft: FlagChanges): FlagChanges {
  return Object.fromEntries(Object.entries(draft).filter(([name, setting]) => setting !== savedSetting(saved, name)));
}

export const onOff = (value: boolean) => (value ? 'On' : 'Off');
