import { createHash } from 'node:crypto';
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import { minimalJsonInstance } from './json-instance.ts';

/** What the offline model answers to one call: text, or tool calls, or a JSON document. */
export interface OfflinePlan {
  text: string;
  toolCalls: { toolCallId: string; toolName: string; input: string }[];
  finishReason: 'stop' | 'tool-calls';
  inputTokens: number;
  outputTokens: number;
}

export const OFFLINE_INTRO =
  "I am Atrium's built-in offline model: no AI provider is configured, so this reply was written without a language model.";
const ECHO_LIMIT = 400;
const RESULT_LIMIT = 200;
/** `/tool <name> <json-args>` on a line of its own; the arguments are optional (default `{}`). */
const DIRECTIVE = /^\s*\/tool\s+([A-Za-z0-9_.-]+)(?:\s+(.*?))?\s*$/;
/** `/say <text>` on a line of its own: what the model says before the tool calls of the same message (narration). */
const SAY = /^\s*\/say\s+(.+?)\s*$/;

const estimateTokens = (chars: number) => Math.ceil(chars / 4);
const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

function promptChars(prompt: LanguageModelV3Prompt): number {
  let chars = 0;
  for (const message of prompt) {
    if (typeof message.content === 'string') {
      chars += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') chars += part.text.length;
      else if (part.type === 'tool-call') chars += JSON.stringify(part.input ?? null).length;
      else if (part.type === 'tool-result') chars += describeOutput(part.output).length;
    }
  }
  return chars;
}

function describeOutput(output: LanguageModelV3ToolResultOutput): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'error-text':
      return `error: ${output.value}`;
    case 'json':
      return JSON.stringify(output.value);
    case 'error-json':
      return `error: ${JSON.stringify(output.value)}`;
    case 'execution-denied':
      return `not run${output.reason ? ` (${output.reason})` : ''}`;
    default:
      return `${output.type} output`;
  }
}

const lastUserText = (prompt: LanguageModelV3Prompt): string | null => {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i]!;
    if (message.role !== 'user') continue;
    return message.content
      .filter((p) => p.type === 'text')
      .map((p) => p.text)
      .join('\n');
  }
  return null;
};

/** Deterministic, practically unique per conversation state: the same prompt always gets the same ids. */
const callId = (prompt: LanguageModelV3Prompt, index: number) =>
  `call_offline_${createHash('sha256').update(JSON.stringify(prompt)).update(String(index)).digest('hex').slice(0, 20)}`;

function summariseToolResults(prompt: LanguageModelV3Prompt): string {
  const results: string[] = [];
  for (let i = prompt.length - 1; i >= 0 && prompt[i]!.role === 'tool'; i--) {
    const message = prompt[i]!;
    if (message.role !== 'tool') break;
    const lines = message.content
      .filter((p) => p.type === 'tool-result')
      .map((p) => `- ${p.toolName}: ${clip(describeOutput(p.output).replace(/\s+/g, ' '), RESULT_LIMIT)}`);
    results.unshift(...lines);
  }
  return `${OFFLINE_INTRO}\nThe tools returned:\n${results.join('\n')}`;
}

/** `[Attached file <name>, <n> characters]` opens an attached file's text in a user message (runs' engine). */
const ATTACHED_FILE = /^\[Attached file (.+), (\d+) characters\]$/;

/**
 * What the offline model says it read of the message's attached files: each file's name, size and first words,
 * and the engine's notes on files cut or left out, so a test (or a person) can see what reached the model.
 */
function attachmentNotes(said: string): string[] {
  const lines = said.split('\n');
  const notes: string[] = [];
  lines.forEach((line, i) => {
    const opened = ATTACHED_FILE.exec(line);
    if (opened) {
      const begins = clip((lines[i + 1] ?? '').trim(), 80);
      notes.push(`I read the attached file ${opened[1]} (${opened[2]} characters), which begins: "${begins}"`);
    } else if (/^\[.+ is cut here: /.test(line) || /^\[Attached: .+; /.test(line)) {
      notes.push(line.slice(1, -1));
    }
  });
  return notes;
}

function answerUser(options: LanguageModelV3CallOptions): Pick<OfflinePlan, 'text' | 'toolCalls'> {
  const said = lastUserText(options.prompt);
  const offered = new Set((options.tools ?? []).filter((t) => t.type === 'function').map((t) => t.name));
  const notes: string[] = [];
  const toolCalls: OfflinePlan['toolCalls'] = [];
  const narration: string[] = [];
  for (const line of (said ?? '').split('\n')) {
    const says = SAY.exec(line);
    if (says) narration.push(says[1] as string);
    const match = DIRECTIVE.exec(line);
    if (!match) continue;
    const [, name, args] = match as unknown as [string, string, string | undefined];
    if (!offered.has(name) || options.toolChoice?.type === 'none') {
      notes.push(`The tool "${name}" is not available here.`);
      continue;
    }
    let input: unknown = {};
    if (args) {
      try {
        input = JSON.parse(args);
      } catch {
        notes.push(`The arguments given for "${name}" are not valid JSON.`);
        continue;
      }
    }
    toolCalls.push({
      toolCallId: callId(options.prompt, toolCalls.length),
      toolName: name,
      input: JSON.stringify(input),
    });
  }
  if (toolCalls.length > 0) return { text: narration.join('\n'), toolCalls };
  const echo = said?.trim() ? `You said: "${clip(said.trim(), ECHO_LIMIT)}"` : 'I received no message text.';
  return { text: [OFFLINE_INTRO, echo, ...notes, ...attachmentNotes(said ?? '')].join('\n'), toolCalls };
}

/**
 * The offline model's whole behaviour: a JSON instance of the requested schema; after tool results, a summary
 * of them; when the last user message holds `/tool` directives naming offered tools, those tool calls (said with
 * its `/say` lines, if any); else a
 * reply saying what it is and echoing the message. Tokens are estimated as characters / 4.
 */
export function planOfflineReply(options: LanguageModelV3CallOptions): OfflinePlan {
  let reply: Pick<OfflinePlan, 'text' | 'toolCalls'>;
  if (options.responseFormat?.type === 'json') {
    reply = { text: JSON.stringify(minimalJsonInstance(options.responseFormat.schema ?? {})), toolCalls: [] };
  } else if (options.prompt.at(-1)?.role === 'tool') {
    reply = { text: summariseToolResults(options.prompt), toolCalls: [] };
  } else {
    reply = answerUser(options);
  }
  const outputChars = reply.text.length + reply.toolCalls.reduce((n, c) => n + c.toolName.length + c.input.length, 0);
  return {
    ...reply,
    finishReason: reply.toolCalls.length > 0 ? 'tool-calls' : 'stop',
    inputTokens: estimateTokens(promptChars(options.prompt)),
    outputTokens: estimateTokens(outputChars),
  };
}
