import {
  caseClosure,
  complement,
  DIGIT,
  DOT,
  type Ranges,
  SPACE,
  SURROGATES,
  single,
  surrogateCoverage,
  union,
  WORD,
} from './charsets.ts';

/** A pattern in RE2 syntax that matches what the ECMAScript pattern matches case-insensitively. */
export interface Re2Translation {
  source: string;
  /** The pattern has lookbehinds: compile with RE2JS.LOOKBEHINDS (linear-time, captureless). */
  lookbehind: boolean;
}

/** RE2's largest repeat count; a larger one stays with the backtracking engine. */
const MAX_REPEAT = 1000;

const CONTROL_ESCAPES: Record<string, number> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const CLASS_ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  s: SPACE,
  S: complement(SPACE),
  w: WORD,
  W: complement(WORD),
};
const HEX2 = /^[0-9a-fA-F]{2}/;
const HEX4 = /^[0-9a-fA-F]{4}/;
const BRACED_QUANTIFIER = /^\{(\d+)(?:(,)(\d*))?\}/;

class Untranslatable extends Error {}

const hex = (unit: number) => `\\x{${unit.toString(16).toUpperCase()}}`;

/**
 * An atom in RE2 syntax for a set of UTF-16 units, already closed under case-insensitivity. A set holding
 * every surrogate also takes every code point above U+FFFF (the native engine sees those as two units).
 */
function emitSet(set: Ranges): string {
  const surrogates = surrogateCoverage(set);
  if (surrogates === 'some') throw new Untranslatable('a class holding some surrogates');
  if (set.length === 0) return '[^\\x{0}-\\x{10FFFF}]';
  const first = set[0]!;
  if (set.length === 1 && first[0] === first[1]) {
    const c = String.fromCharCode(first[0]);
    return /[A-Za-z0-9]/.test(c) ? c : hex(first[0]);
  }
  const parts = set.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`));
  if (surrogates === 'all') parts.push('\\x{10000}-\\x{10FFFF}');
  return `[${parts.join('')}]`;
}

/** Case-insensitive atom for a set of units. */
const atom = (set: Ranges) => emitSet(caseClosure(set));

interface Escape {
  set: Ranges;
  /** The unit when the escape stands for one character (can bound a class range). */
  unit: number | null;
  next: number;
}

/** Annex B LegacyOctalEscapeSequence starting at `at` (a digit 0-7). */
function octal(pattern: string, at: number): { unit: number; next: number } {
  const first = pattern.charCodeAt(at) - 0x30;
  let value = first;
  let next = at + 1;
  const isOctal = (i: number) => /[0-7]/.test(pattern[i] ?? '');
  if (isOctal(next)) {
    value = value * 8 + Number(pattern[next]);
    next++;
    if (first <= 3 && isOctal(next)) {
      value = value * 8 + Number(pattern[next]);
      next++;
    }
  }
  return { unit: value, next };
}

const unitEscape = (unit: number, next: number): Escape => ({ set: single(unit), unit, next });

/**
 * A CharacterEscape or CharacterClassEscape after the backslash at `at - 1`, as a pattern without the `u`
 * flag reads it (identity escapes of any character but `c` and `k`). `inClass` changes `\b` and digits.
 */
function readEscape(pattern: string, at: number, inClass: boolean): Escape {
  const ch = pattern[at];
  if (ch === undefined) throw new Untranslatable('trailing backslash');
  const classEscape = CLASS_ESCAPES[ch];
  if (classEscape) return { set: classEscape, unit: null, next: at + 1 };
  const control = CONTROL_ESCAPES[ch];
  if (control !== undefined) return unitEscape(control, at + 1);
  if (ch === 'b' && inClass) return unitEscape(0x08, at + 1);
  if (/[0-9]/.test(ch)) {
    // Outside a class \1-\9 may be a backreference: only the native engine knows.
    if (!inClass && ch !== '0') throw new Untranslatable('backreference');
    if (ch === '8' || ch === '9') return unitEscape(ch.charCodeAt(0), at + 1);
    const { unit, next } = octal(pattern, at);
    return unitEscape(unit, next);
  }
  if (ch === 'c') {
    const letter = pattern[at + 1] ?? '';
    if (/[A-Za-z]/.test(letter) || (inClass && /[0-9_]/.test(letter))) {
      return unitEscape(letter.charCodeAt(0) % 32, at + 2);
    }
    throw new Untranslatable('\\c without a control letter');
  }
  if (ch === 'x' && HEX2.test(pattern.slice(at + 1, at + 3))) {
    return unitEscape(Number.parseInt(pattern.slice(at + 1, at + 3), 16), at + 3);
  }
  if (ch === 'u' && HEX4.test(pattern.slice(at + 1, at + 5))) {
    return unitEscape(Number.parseInt(pattern.slice(at + 1, at + 5), 16), at + 5);
  }
  // \k is a named backreference when the pattern has named groups.
  if (ch === 'k') throw new Untranslatable('\\k');
  return unitEscape(ch.charCodeAt(0), at + 1);
}

function readClassAtom(pattern: string, at: number): Escape {
  if (pattern[at] === '\\') return readEscape(pattern, at + 1, true);
  return unitEscape(pattern.charCodeAt(at), at + 1);
}

/** The class starting at `at` (`[`): its case-insensitive set and the index after its `]`. */
function readClass(pattern: string, at: number): { set: Ranges; next: number } {
  let i = at + 1;
  const negated = pattern[i] === '^';
  if (negated) i++;
  const members: Ranges[] = [];
  while (pattern[i] !== ']') {
    if (i >= pattern.length) throw new Untranslatable('unterminated class');
    const from = readClassAtom(pattern, i);
    i = from.next;
    if (pattern[i] === '-' && pattern[i + 1] !== ']' && i + 1 < pattern.length) {
      const to = readClassAtom(pattern, i + 1);
      i = to.next;
      // Annex B: a range bounded by a class escape is the two sets and a literal '-'.
      if (from.unit !== null && to.unit !== null) members.push([[from.unit, to.unit]]);
      else members.push(from.set, single(0x2d), to.set);
    } else {
      members.push(from.set);
    }
  }
  const closed = caseClosure(union(...members));
  return { set: negated ? complement(closed) : closed, next: i + 1 };
}

/**
 * Translates an ECMAScript pattern, as `new RegExp(pattern, 'i')` reads it (Annex B syntax, no `u` flag),
 * into RE2 syntax with the same matches, or null when only a backtracking engine can run it (lookahead,
 * backreferences, inline modifiers, surrogates in the pattern) or when the translation is not certain.
 * The pattern must already be valid for `new RegExp(pattern, 'i')`.
 *
 * What is translated: every literal and class becomes an explicit set of the units ECMAScript's
 * case-insensitive comparison accepts; `.` excludes the four line terminators; `\s` is ECMAScript's white
 * space; identity escapes (`\A`, `\z`, `\Q`, `\p`…) are the plain characters they are without `u`; `[]`
 * matches nothing and `[^]` anything; groups become non-capturing (only a yes/no answer is needed).
 * One difference remains: RE2 reads the text by code point, so a character above U+FFFF counts as one
 * character where ECMAScript sees two units (`^.$` matches an emoji here, not natively).
 */
export function translateToRe2(pattern: string): Re2Translation | null {
  try {
    return translate(pattern);
  } catch (error) {
    if (error instanceof Untranslatable) return null;
    throw error;
  }
}

function translate(pattern: string): Re2Translation {
  for (let i = 0; i < pattern.length; i++) {
    const unit = pattern.charCodeAt(i);
    if (unit >= SURROGATES[0] && unit <= SURROGATES[1]) throw new Untranslatable('surrogate in pattern');
  }
  let out = '';
  let lookbehind = false;
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i]!;
    switch (ch) {
      case '\\': {
        const next = pattern[i + 1];
        if (next === 'b' || next === 'B') {
          out += `\\${next}`;
          i += 2;
        } else {
          const escaped = readEscape(pattern, i + 1, false);
          out += atom(escaped.set);
          i = escaped.next;
        }
        break;
      }
      case '[': {
        const cls = readClass(pattern, i);
        out += emitSet(cls.set);
        i = cls.next;
        break;
      }
      case '.':
        out += atom(DOT);
        i++;
        break;
      case '(': {
        const head = pattern.slice(i, i + 4);
        if (head.startsWith('(?:')) {
          out += '(?:';
          i += 3;
        } else if (head === '(?<=' || head === '(?<!') {
          out += head;
          lookbehind = true;
          i += 4;
        } else if (head.startsWith('(?<')) {
          const end = pattern.indexOf('>', i);
          if (end < 0) throw new Untranslatable('unterminated group name');
          out += '(?:';
          i = end + 1;
        } else if (head.startsWith('(?')) {
          throw new Untranslatable('lookahead or inline modifiers');
        } else {
          out += '(?:';
          i++;
        }
        break;
      }
      case ')':
      case '|':
      case '^':
      case '$':
      case '*':
      case '+':
      case '?':
        out += ch;
        i++;
        break;
      case '{': {
        const quantifier = BRACED_QUANTIFIER.exec(pattern.slice(i));
        if (quantifier) {
          const [text, min, comma, max] = quantifier;
          if (Number(min) > MAX_REPEAT || (max && Number(max) > MAX_REPEAT)) throw new Untranslatable('repeat');
          out += `{${Number(min)}${comma ? `,${max ? Number(max) : ''}` : ''}}`;
          i += text.length;
        } else {
          out += atom(single(0x7b));
          i++;
        }
        break;
      }
      default:
        out += atom(single(pattern.charCodeAt(i)));
        i++;
    }
  }
  return { source: out, lookbehind };
}
