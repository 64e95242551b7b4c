/**
 * Sets of UTF-16 code units as sorted, disjoint, inclusive ranges, and ECMAScript's case-insensitive
 * matching of them. A pattern compiled with `new RegExp(p, 'i')` (no `u` flag) compares characters through
 * Canonicalize (ECMA-262, 22.2.2.7.3): the single-unit upper case of the unit, except that a non-ASCII unit
 * never maps to an ASCII one. RE2's own case folding differs on a few characters (ſ/s, K Kelvin sign/k,
 * ẞ/ß…), so the translation does not use RE2's `(?i)`: it spells out, per atom, the units ECMAScript would
 * accept, computed here from the same case mapping the native engine uses.
 */

export type Ranges = ReadonlyArray<readonly [number, number]>;

export const MAX_UNIT = 0xffff;
export const SURROGATES: readonly [number, number] = [0xd800, 0xdfff];

export function normalize(ranges: Iterable<readonly [number, number]>): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

export const single = (unit: number): Ranges => [[unit, unit]];
export const union = (...sets: Ranges[]): Ranges => normalize(sets.flat());

export function complement(set: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_UNIT) out.push([next, MAX_UNIT]);
  return out;
}

export function has(set: Ranges, unit: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = set[mid]!;
    if (unit < range[0]) hi = mid - 1;
    else if (unit > range[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The part of `set` inside [lo, hi], as a count of units. */
function unitsWithin(set: Ranges, lo: number, hi: number): number {
  let count = 0;
  for (const [a, b] of set) count += Math.max(0, Math.min(b, hi) - Math.max(a, lo) + 1);
  return count;
}

/** none, some or all of the surrogate units: a set holding only some cannot be said in code points. */
export function surrogateCoverage(set: Ranges): 'none' | 'some' | 'all' {
  const count = unitsWithin(set, SURROGATES[0], SURROGATES[1]);
  if (count === 0) return 'none';
  return count === SURROGATES[1] - SURROGATES[0] + 1 ? 'all' : 'some';
}

// The character class escapes and `.` of a pattern without the `u` flag.
export const DIGIT: Ranges = [[0x30, 0x39]];
export const WORD: Ranges = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
/** WhiteSpace and LineTerminator of ECMA-262 (12.2, 12.3). */
export const SPACE: Ranges = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
export const LINE_TERMINATORS: Ranges = normalize([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
export const DOT: Ranges = complement(LINE_TERMINATORS);

interface FoldTable {
  /** Every group of two or more units that Canonicalize maps to the same unit. */
  groups: number[][];
  /** The group of each unit that has one. */
  groupOf: Map<number, number[]>;
}

let foldTable: FoldTable | null = null;

/** Canonicalize(ch) for a pattern with `i` and without `u` (ECMA-262 22.2.2.7.3). */
export function canonicalize(unit: number): number {
  if (unit >= SURROGATES[0] && unit <= SURROGATES[1]) return unit;
  const upper = String.fromCharCode(unit).toUpperCase();
  if (upper.length !== 1) return unit;
  const mapped = upper.charCodeAt(0);
  return unit >= 128 && mapped < 128 ? unit : mapped;
}

function folds(): FoldTable {
  if (foldTable) return foldTable;
  const canonical = new Uint16Array(MAX_UNIT + 1);
  // Upper-casing a block at once is much faster than unit by unit; when the block keeps its length every
  // unit mapped to exactly one unit (default upper-casing has no context rules), else go unit by unit.
  const BLOCK = 256;
  for (let start = 0; start <= MAX_UNIT; start += BLOCK) {
    let block = '';
    for (let k = 0; k < BLOCK; k++) block += String.fromCharCode(start + k);
    const upper = block.toUpperCase();
    const surrogateBlock = start + BLOCK > SURROGATES[0] && start <= SURROGATES[1];
    for (let unit = start; unit < start + BLOCK; unit++) {
      if (surrogateBlock || upper.length !== BLOCK) canonical[unit] = canonicalize(unit);
      else {
        const mapped = upper.charCodeAt(unit - start);
        canonical[unit] = unit >= 128 && mapped < 128 ? unit : mapped;
      }
    }
  }
  // Only units that change and their targets form groups of two or more.
  const byCanonical = new Map<number, number[]>();
  canonical.forEach((target, unit) => {
    if (target === unit) return;
    let group = byCanonical.get(target);
    if (!group) {
      group = canonical[target] === target ? [target] : [];
      byCanonical.set(target, group);
    }
    group.push(unit);
  });
  const groups = [...byCanonical.values()].filter((g) => g.length > 1);
  foldTable = { groups, groupOf: new Map(groups.flatMap((g) => g.map((unit) => [unit, g] as const))) };
  return foldTable;
}

/**
 * The units a case-insensitive pattern matches for the set `set`: every unit whose canonical form is the
 * canonical form of a member (CharacterSetMatcher with rer.[[IgnoreCase]]).
 */
export function caseClosure(set: Ranges): Ranges {
  const only = set.length === 1 && set[0]![0] === set[0]![1] ? set[0]![0] : null;
  if (only !== null) {
    const group = folds().groupOf.get(only);
    return group ? normalize(group.map((unit) => [unit, unit] as const)) : set;
  }
  const extra: [number, number][] = [];
  for (const group of folds().groups) {
    if (group.some((unit) => has(set, unit))) for (const unit of group) extra.push([unit, unit]);
  }
  return extra.length === 0 ? set : union(set, extra);
}
