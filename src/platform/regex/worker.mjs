// A regex evaluation worker of platform/regex/pool.ts. Plain JavaScript so that it starts without a
// TypeScript loader in any host (tsx, vitest, node). Protocol, one task at a time:
//   in:  { id, source, re2, lookbehind, text, maxBacktrackingInput }
//   out: { kind: 'ready' } once; per task, { id, kind: 'backtracking' } just before a native (backtracking)
//        run starts, then { id, kind: 'result', outcome, engine, cached, ms }.
// outcome: 'match' | 'no_match' | 'input_too_long' | 'error'; ms: the time this thread spent on the task,
// which the pool charges to the task's tenant (measured here, so that a busy main thread is not charged).
// The pool's timer, not this code, bounds the time: a run over budget is ended by terminating this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { RE2JS } from 're2js';

const cacheSize = workerData?.cacheSize ?? 256;
/** LRU of compiled patterns by source: Map keeps insertion order, a hit is moved to the end. */
const cache = new Map();

function compile(task) {
  const hit = cache.get(task.source);
  if (hit) {
    cache.delete(task.source);
    cache.set(task.source, hit);
    return { entry: hit, cached: true };
  }
  let entry = null;
  if (task.re2 !== null) {
    try {
      entry = { engine: 'linear', regex: RE2JS.compile(task.re2, task.lookbehind ? RE2JS.LOOKBEHINDS : 0) };
    } catch {
      // A translation RE2 refuses (a repeat count over its limit, a program too large): run it natively.
      entry = null;
    }
  }
  entry ??= { engine: 'backtracking', regex: new RegExp(task.source, 'i') };
  cache.set(task.source, entry);
  if (cache.size > cacheSize) cache.delete(cache.keys().next().value);
  return { entry, cached: false };
}

parentPort.on('message', (task) => {
  const started = performance.now();
  let engine = null;
  let cached = false;
  const answer = (outcome) =>
    parentPort.postMessage({ id: task.id, kind: 'result', outcome, engine, cached, ms: performance.now() - started });
  try {
    const compiled = compile(task);
    engine = compiled.entry.engine;
    cached = compiled.cached;
    if (engine === 'backtracking') {
      if (task.text.length > task.maxBacktrackingInput) {
        answer('input_too_long');
        return;
      }
      parentPort.postMessage({ id: task.id, kind: 'backtracking' });
    }
    answer(compiled.entry.regex.test(task.text) ? 'match' : 'no_match');
  } catch {
    answer('error');
  }
});

parentPort.postMessage({ kind: 'ready' });
