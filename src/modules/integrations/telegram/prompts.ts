import type { InlineKeyboard } from '../vendors/telegram.ts';

/** A paused run's question as the acts table keeps it. */
export interface StoredInterrupt {
  type: 'approval' | 'clarification';
  kind?: string | null;
  prompt: string;
  options?: string[];
}

/** What a button under a question does, in its `callback_data` (at most 64 bytes: two letters, a uuid, an index). */
export type PromptAction =
  | { act: 'approve'; actId: string }
  | { act: 'reject'; actId: string }
  | { act: 'choose'; actId: string; option: number };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CALLBACK = new RegExp(`^(ap|rj|an):(${UUID})(?::(\\d{1,2}))?$`);
/** Buttons beyond this many options would not fit a phone; the rest can be answered by replying. */
const MAX_OPTION_BUTTONS = 10;

export function parsePromptAction(data: unknown): PromptAction | null {
  const match = typeof data === 'string' ? CALLBACK.exec(data) : null;
  if (!match) return null;
  const [, verb, actId, option] = match as unknown as [string, string, string, string | undefined];
  if (verb === 'an') return option === undefined ? null : { act: 'choose', actId, option: Number(option) };
  if (option !== undefined) return null;
  return verb === 'ap' ? { act: 'approve', actId } : { act: 'reject', actId };
}

/** The message and buttons that ask a question in the chat. */
export function promptMessage(
  interrupt: StoredInterrupt,
  actId: string,
  threadTitle: string | null,
): { text: string; replyMarkup?: InlineKeyboard } {
  const where = threadTitle ? ` (in "${threadTitle}")` : '';
  if (interrupt.type === 'approval') {
    return {
      text: `Approval needed${where}:\n${interrupt.prompt}\n\nApprove or reject below, or reply to this message to reject it and say why.`,
      replyMarkup: [
        [
          { text: 'Approve', callback_data: `ap:${actId}` },
          { text: 'Reject', callback_data: `rj:${actId}` },
        ],
      ],
    };
  }
  const options = (interrupt.options ?? []).slice(0, MAX_OPTION_BUTTONS);
  const text = `Question${where}:\n${interrupt.prompt}\n\n${options.length ? 'Choose below, or reply to this message with your answer.' : 'Reply to this message with your answer.'}`;
  if (options.length === 0) return { text };
  return {
    text,
    replyMarkup: options.map((option, index) => [{ text: option.slice(0, 60), callback_data: `an:${actId}:${index}` }]),
  };
}
