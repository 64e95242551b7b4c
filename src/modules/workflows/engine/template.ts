/** What templates of a workflow step read: the run's input and the outputs of finished steps (by step id). */
export interface TemplateScope {
  input: Record<string, unknown>;
  outputs: ReadonlyMap<string, unknown>;
}

const PLACEHOLDER = /\{\{\s*(input|steps)\.([A-Za-z0-9_-]+)(\.output)?\s*\}\}/g;

const asText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A step's output as text, for templates and the reply: model-like steps store `{ text }`; a step the reviewer
 * rejected stores `{ declined: true, reason }` and reads as a sentence saying so; anything else is its JSON.
 */
export function outputText(output: unknown): string {
  if (output && typeof output === 'object' && !Array.isArray(output)) {
    const o = output as Record<string, unknown>;
    if (o.declined === true) {
      const reason = typeof o.reason === 'string' && o.reason.trim() ? ` Reason given: ${o.reason.trim()}` : '';
      return `(This step was declined by the reviewer and did not run.${reason})`;
    }
    if (typeof o.text === 'string') return o.text;
  }
  return asText(output);
}

/** Replaces `{{input.<key>}}` and `{{steps.<id>.output}}`; unknown names become empty text. */
export function renderTemplate(template: string, scope: TemplateScope): string {
  return template.replace(PLACEHOLDER, (_match, kind: string, name: string) =>
    kind === 'input' ? asText(scope.input[name]) : outputText(scope.outputs.get(name)),
  );
}

/** Renders every string inside a JSON value (tool arguments, a nested workflow's input). */
export function renderValue(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === 'string') return renderTemplate(value, scope);
  if (Array.isArray(value)) return value.map((v) => renderValue(v, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, scope)]));
  }
  return value;
}

/** The results of a workflow's sink steps as one text: the output alone, or a section per step. */
export function joinResults(results: { name: string; output: unknown }[]): string {
  if (results.length === 1) return outputText(results[0]!.output);
  return results.map((r) => `## ${r.name}\n\n${outputText(r.output)}`).join('\n\n');
}
