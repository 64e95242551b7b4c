/** A built-in skill as the code defines it; seeded with `organization_id` null under its fixed id. */
export interface BuiltinSkill {
  id: string;
  slug: string;
  name: string;
  description: string;
  whenToUse: string;
  instructions: string;
  manifest: Record<string, unknown>;
  scripts: unknown[];
}

/** Instructions are written as an indented template literal; this strips the indentation and outer blank lines. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n+|\s+$/g, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.match(/^ */)![0].length));
  return lines.map((l) => l.slice(indent)).join('\n');
}
