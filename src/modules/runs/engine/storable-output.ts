import type { ModelGateway, ModelStreamEvent, ModelToolCall } from '../../../platform/models/index.ts';

/*
 * PostgreSQL stores no NUL character, neither in text nor in jsonb, and in a reply or a tool's arguments a NUL
 * carries nothing a person could want. So it is dropped where model output enters the engine, before any of it
 * is stored, instead of failing the run. Anything else the database refuses fails the run at once (failures.ts).
 */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

function withoutNulDeep(value: unknown): unknown {
  if (typeof value === 'string') return withoutNul(value);
  if (Array.isArray(value)) return value.map(withoutNulDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNulDeep(v)]));
  }
  return value;
}

const cleanCall = <T extends ModelToolCall>(call: T): T => ({
  ...call,
  toolCallId: withoutNul(call.toolCallId),
  toolName: withoutNul(call.toolName),
  input: withoutNulDeep(call.input),
});

/** The gateway the engine calls: rounds whose text, deltas and tool calls hold no NUL character. */
export function withStorableOutput(gateway: ModelGateway): ModelGateway {
  return {
    ...gateway,
    async streamRound(req, onEvent) {
      const forward = onEvent
        ? (event: ModelStreamEvent) => {
            if (event.type === 'tool-call') return onEvent(cleanCall(event));
            const text = withoutNul(event.text);
            // A delta that was nothing but NUL is no delta: the gateway forwards no empty ones either.
            return text === '' ? undefined : onEvent({ ...event, text });
          }
        : undefined;
      const result = await gateway.streamRound(req, forward);
      return { ...result, text: withoutNul(result.text), toolCalls: result.toolCalls.map(cleanCall) };
    },
  };
}
