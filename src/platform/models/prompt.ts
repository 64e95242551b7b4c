import type {
  JSONSchema7,
  LanguageModelV3,
  LanguageModelV3FunctionTool,
  LanguageModelV3Prompt,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { convertToLanguageModelPrompt, standardizePrompt } from 'ai/internal';
import { ApiError } from '../http/errors.ts';
import type { ToolDefinition } from './types.ts';

/**
 * The AI SDK's own conversion of `system` + ModelMessage[] into the provider prompt (the path streamText takes).
 * URLs in file parts are never downloaded by the server (no fetching of addresses a prompt names): they go to
 * the vendor as they are, which accepts them or refuses the call. A malformed prompt is a bug of the caller.
 */
export async function toProviderPrompt(
  model: LanguageModelV3,
  system: string | undefined,
  messages: ModelMessage[],
  signal: AbortSignal | undefined,
): Promise<LanguageModelV3Prompt> {
  try {
    const standardized = await standardizePrompt({ system, messages, allowSystemInMessages: true });
    return await convertToLanguageModelPrompt({
      prompt: standardized,
      supportedUrls: await model.supportedUrls,
      download: async (requests) => requests.map(() => null),
      abortSignal: signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(500, 'invalid_prompt', `The model prompt is malformed: ${(error as Error).message}`);
  }
}

export function toProviderTools(tools: ToolDefinition[] | undefined): LanguageModelV3FunctionTool[] | undefined {
  if (!tools || tools.length === 0) return undefined;
  return tools.map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema as JSONSchema7,
  }));
}

/** Tool arguments as JSON: an empty string is `{}` (some vendors send it for argument-less tools). */
export function parseToolInput(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
