import type { ModelMessage } from 'ai';
import type { MessageRow } from '../store.ts';
import type { AttachedForModel } from './attachment-text.ts';

/** One model round the run has taken: what it said and the tools it called (each tool call is an act). */
export interface RunRound {
  text: string;
  toolCalls: { toolCallId: string; toolName: string; input: unknown; actId: string }[];
  /** The model version that took the round (absent in rounds stored before it was recorded). */
  model?: string;
}

export interface RunState {
  rounds: RunRound[];
}

export const readState = (raw: Record<string, unknown>): RunState => ({
  rounds: Array.isArray(raw.rounds) ? (raw.rounds as RunRound[]) : [],
});

/** What the agent said before acting: its latest round that called tools with some text (1-based), or null. */
export function narrationOf(rounds: readonly RunRound[]): { round: number; text: string } | null {
  for (let i = rounds.length - 1; i >= 0; i--) {
    const round = rounds[i];
    if (round && round.toolCalls.length > 0 && round.text) return { round: i + 1, text: round.text };
  }
  return null;
}

/** How many transcript messages the model sees before the run's own rounds. */
export const TRANSCRIPT_WINDOW = 40;

/**
 * The model's view: the transcript up to the run's input (user messages with their attachments' text), then each
 * round as an assistant message with its tool calls followed by their results (`outputs` by act id; a call without
 * output yet has no result).
 */
export function buildModelMessages(
  transcript: MessageRow[],
  rounds: RunRound[],
  outputs: Map<string, unknown>,
  /** What each user message's attachments add to it (attachedForModel). */
  attached: AttachedForModel = { text: new Map(), images: new Map() },
): ModelMessage[] {
  const messages: ModelMessage[] = transcript.map((m) => {
    if (m.role !== 'user') return { role: 'assistant', content: m.content };
    const text = m.content + (attached.text.get(m.id) ?? '');
    const images = attached.images.get(m.id) ?? [];
    if (images.length === 0) return { role: 'user', content: text };
    return {
      role: 'user',
      content: [
        { type: 'text', text },
        ...images.map((image) => ({ type: 'image' as const, image: image.bytes, mediaType: image.mediaType })),
      ],
    };
  });
  for (const round of rounds) {
    messages.push({
      role: 'assistant',
      content: [
        ...(round.text ? [{ type: 'text' as const, text: round.text }] : []),
        ...round.toolCalls.map((c) => ({
          type: 'tool-call' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          input: c.input,
        })),
      ],
    });
    const results = round.toolCalls.filter((c) => outputs.has(c.actId));
    if (results.length > 0) {
      messages.push({
        role: 'tool',
        content: results.map((c) => ({
          type: 'tool-result' as const,
          toolCallId: c.toolCallId,
          toolName: c.toolName,
          output: { type: 'json' as const, value: (outputs.get(c.actId) ?? null) as never },
        })),
      });
    }
  }
  return messages;
}

export function systemPrompt(input: { organizationName: string; today: string; extra?: string | null }): string {
  return [
    `You are Atrium, the AI assistant of ${input.organizationName}. Today is ${input.today}.`,
    'Answer clearly and concisely. Use the tools when the person asks for a document, spreadsheet, presentation,',
    'dashboard or file, or when their project files may hold the answer; ask the person with ask_user only when',
    'you cannot proceed without their answer.',
    input.extra ?? '',
  ]
    .filter(Boolean)
    .join('\n');
}
