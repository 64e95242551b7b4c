import { z } from 'zod';
import { defineTool, text } from './define.ts';

export const AskUserInput = z
  .object({
    prompt: text(2000).describe('The question, in the words the person should read'),
    options: z.array(text(200)).max(10).default([]).describe('Choices to offer; empty for a free answer'),
    multi_select: z.boolean().default(false).describe('Whether the person may pick several options'),
  })
  .superRefine((input, ctx) => {
    if (new Set(input.options).size !== input.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'options must be distinct' });
    }
    if (input.multi_select && input.options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['multi_select'], message: 'needs at least two options' });
    }
  });

export type AskUserInput = z.output<typeof AskUserInput>;

/** Pauses the run on a clarification question; the person's answer (or refusal) becomes the tool's output. */
export function askUserTool() {
  return defineTool({
    name: 'ask_user',
    description:
      'Ask the person a clarifying question when you cannot proceed without their decision. The run pauses until ' +
      'they answer. Offer options when the choices are known.',
    inputSchema: AskUserInput,
    async run(input) {
      return {
        kind: 'interrupt',
        interrupt: {
          type: 'clarification',
          prompt: input.prompt,
          options: input.options,
          multiSelect: input.multi_select,
        },
      };
    },
    resume(_input, answer) {
      if (answer === null) return { declined: true, note: 'The person declined to answer; do not ask again.' };
      return { answer };
    },
  });
}
