import type { LanguageModelV3, LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';
import { type AttemptState, CallerError, type Watchdog } from './attempts.ts';
import { parseToolInput, toProviderPrompt, toProviderTools } from './prompt.ts';
import type { ModelRoundRequest, ModelStreamEvent, ModelToolCall, ModelUsage } from './types.ts';

export interface RoundOutput {
  text: string;
  reasoning: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  usage: ModelUsage;
}

const count = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** The SDK's usage in our terms: all input tokens, the cache-read part, the cache-write part, output. */
export function toModelUsage(usage: LanguageModelV3Usage | undefined): ModelUsage {
  const input = usage?.inputTokens;
  const cached = count(input?.cacheRead);
  const cacheWrite = count(input?.cacheWrite);
  const total = input?.total ?? (input?.noCache ?? 0) + cached + cacheWrite;
  return {
    inputTokens: count(total),
    outputTokens: count(usage?.outputTokens.total),
    cachedInputTokens: cached,
    cacheWriteInputTokens: cacheWrite,
  };
}

/** An error part of the stream, carried out of the reader loop to be classified like any other failure. */
class StreamPartError extends Error {
  constructor(readonly part: unknown) {
    super('error in the model stream');
  }
}

/**
 * One streaming attempt: calls the model, forwards deltas and tool calls to `onEvent` as they arrive, and
 * collects the round. Marks `state.emitted` before the first event reaches the caller, so the retry loop
 * knows the call may no longer be repeated.
 */
export async function streamAttempt(
  lm: LanguageModelV3,
  req: ModelRoundRequest,
  onEvent: ((e: ModelStreamEvent) => void | Promise<void>) | undefined,
  watchdog: Watchdog,
  state: AttemptState,
): Promise<RoundOutput> {
  const tools = req.model.supportsToolUse ? toProviderTools(req.tools) : undefined;
  const prompt = await toProviderPrompt(lm, req.system, req.messages, watchdog.signal);
  const { stream } = await lm.doStream({
    prompt,
    tools,
    toolChoice: tools ? { type: 'auto' } : undefined,
    maxOutputTokens: req.maxOutputTokens,
    abortSignal: watchdog.signal,
  });
  const out: RoundOutput = {
    text: '',
    reasoning: '',
    toolCalls: [],
    finishReason: 'other',
    usage: toModelUsage(undefined),
  };
  const emit = async (event: ModelStreamEvent) => {
    state.emitted = true;
    if (!onEvent) return;
    watchdog.suspend();
    try {
      await onEvent(event);
    } catch (error) {
      throw new CallerError(error);
    } finally {
      watchdog.resume();
    }
  };
  const reader = stream.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      watchdog.touch();
      const part: LanguageModelV3StreamPart = value;
      switch (part.type) {
        case 'text-delta':
          if (!part.delta) break;
          out.text += part.delta;
          await emit({ type: 'text-delta', text: part.delta });
          break;
        case 'reasoning-delta':
          if (!part.delta) break;
          out.reasoning += part.delta;
          await emit({ type: 'reasoning-delta', text: part.delta });
          break;
        case 'tool-call': {
          if (part.providerExecuted) break;
          const call = { toolCallId: part.toolCallId, toolName: part.toolName, input: parseToolInput(part.input) };
          out.toolCalls.push(call);
          await emit({ type: 'tool-call', ...call });
          break;
        }
        case 'finish':
          finished = true;
          out.finishReason = part.finishReason.unified;
          out.usage = toModelUsage(part.usage);
          break;
        case 'error':
          throw new StreamPartError(part.error);
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error instanceof StreamPartError ? error.part : error;
  } finally {
    reader.releaseLock();
  }
  // A stream that ends without its finish part was cut short: a lost connection, as far as we can tell.
  if (!finished) throw new TypeError('terminated');
  return out;
}
