import { analyseSpreadsheet, answerFromProjectFiles, buildSlideDeck } from './analysis.ts';
import type { BuiltinSkill } from './types.ts';
import { draftEmail, meetingMinutes, summariseDocument, writeProjectBrief } from './writing.ts';

export type { BuiltinSkill } from './types.ts';

/** The built-in skills every organization sees; seeded at start-up under fixed ids (never change an id). */
export const BUILTIN_SKILLS: readonly BuiltinSkill[] = Object.freeze([
  summariseDocument,
  draftEmail,
  analyseSpreadsheet,
  buildSlideDeck,
  writeProjectBrief,
  meetingMinutes,
  answerFromProjectFiles,
]);
