import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { OFFLINE_MODEL_ID, OFFLINE_PROVIDER_SLUG } from './catalog.ts';
import { type OfflinePlan, planOfflineReply } from './reply.ts';

/** About this many characters per text delta, cut after a space so words stay whole. */
const DELTA_CHARS = 24;

export function splitIntoDeltas(text: string): string[] {
  const deltas: string[] = [];
  let rest = text;
  while (rest.length > DELTA_CHARS) {
    const space = rest.indexOf(' ', DELTA_CHARS);
    const cut = space === -1 ? rest.length : space + 1;
    deltas.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) deltas.push(rest);
  return deltas;
}

const usageOf = (plan: OfflinePlan): LanguageModelV3Usage => ({
  inputTokens: { total: plan.inputTokens, noCache: plan.inputTokens, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: plan.outputTokens, text: plan.outputTokens, reasoning: 0 },
});

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Atrium's built-in model as a real LanguageModelV3, so it runs through exactly the gateway code vendors do.
 * Deterministic (see planOfflineReply), no network, no latency unless `deltaDelayMs` is set (tests).
 */
export function createOfflineLanguageModel(options: { deltaDelayMs?: number } = {}): LanguageModelV3 {
  const delay = options.deltaDelayMs ?? 0;
  return {
    specificationVersion: 'v3',
    provider: OFFLINE_PROVIDER_SLUG,
    modelId: OFFLINE_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call: LanguageModelV3CallOptions) {
      if (call.abortSignal?.aborted) throw abortError(call.abortSignal);
      const plan = planOfflineReply(call);
      const content: LanguageModelV3Content[] = [];
      if (plan.text) content.push({ type: 'text', text: plan.text });
      for (const c of plan.toolCalls) content.push({ type: 'tool-call', ...c });
      return {
        content,
        finishReason: { unified: plan.finishReason, raw: plan.finishReason },
        usage: usageOf(plan),
        warnings: [],
      };
    },

    async doStream(call: LanguageModelV3CallOptions) {
      if (call.abortSignal?.aborted) throw abortError(call.abortSignal);
      const plan = planOfflineReply(call);
      const parts: LanguageModelV3StreamPart[] = [{ type: 'stream-start', warnings: [] }];
      if (plan.text) {
        parts.push({ type: 'text-start', id: 'text-0' });
        for (const delta of splitIntoDeltas(plan.text)) parts.push({ type: 'text-delta', id: 'text-0', delta });
        parts.push({ type: 'text-end', id: 'text-0' });
      }
      for (const c of plan.toolCalls) parts.push({ type: 'tool-call', ...c });
      parts.push({
        type: 'finish',
        usage: usageOf(plan),
        finishReason: { unified: plan.finishReason, raw: plan.finishReason },
      });
      const signal = call.abortSignal;
      let next = 0;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async pull(controller) {
          const part = parts[next++];
          if (part === undefined) return controller.close();
          if (delay > 0 && part.type === 'text-delta') await pause(delay, signal);
          else if (signal?.aborted) throw abortError(signal);
          controller.enqueue(part);
        },
      });
      return { stream };
    },
  };
}
