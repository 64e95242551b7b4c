import type { JSONSchema7, LanguageModelV3 } from '@ai-sdk/provider';
import { zodSchema } from 'ai';
import type { Watchdog } from './attempts.ts';
import { ModelFailureError } from './errors.ts';
import { toProviderPrompt } from './prompt.ts';
import { toModelUsage } from './stream-round.ts';
import type { GenerateObjectRequest, ModelUsage } from './types.ts';

/** Text of a JSON answer, without the Markdown fence some models wrap it in. */
function jsonText(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

const notConforming = (detail: string) => new ModelFailureError({ kind: 'invalid-response', retryable: false, detail });

/**
 * One attempt at structured output: the Zod schema goes to the vendor as a JSON Schema response format (its
 * native structured output where it has one), and the answer must parse and validate, else it is a model
 * failure (502) rather than a value the caller would have to distrust.
 */
export async function generateObjectAttempt<T>(
  lm: LanguageModelV3,
  req: GenerateObjectRequest<T>,
  watchdog: Watchdog,
): Promise<{ object: T; usage: ModelUsage }> {
  const schema = (await zodSchema(req.schema).jsonSchema) as JSONSchema7;
  const prompt = await toProviderPrompt(lm, req.system, req.messages, watchdog.signal);
  const result = await lm.doGenerate({
    prompt,
    responseFormat: { type: 'json', schema, name: 'response' },
    abortSignal: watchdog.signal,
  });
  watchdog.touch();
  const text = result.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('');
  let value: unknown;
  try {
    value = JSON.parse(jsonText(text));
  } catch {
    throw notConforming('the structured output is not JSON');
  }
  const parsed = await req.schema.safeParseAsync(value);
  if (!parsed.success) throw notConforming('the structured output does not match the requested schema');
  return { object: parsed.data, usage: toModelUsage(result.usage) };
}
