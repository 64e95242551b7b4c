/**
 * Commands from the benchmark parent to a child process after it is ready: one JSON line on the child's stdin
 * (`{ id, cmd, ...args }`), one JSON line back on its stdout (`{ id, reply }` or `{ id, error }`). Both sides
 * live here; `memory` is answered by every child that calls `serveCommands`.
 */
import type { ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

export type CommandHandler = (args: Record<string, any>) => unknown;

export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}

/**
 * Child side: answers commands. `memory` collects garbage first when the child runs with --expose-gc;
 * `loopDelay` returns the event loop's delay (p50, p99, max in ms) since the previous call, and starts anew.
 */
export function serveCommands(handlers: Record<string, CommandHandler>): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const all: Record<string, CommandHandler> = {
    loopDelay: () => {
      const figures = { p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
      delay.reset();
      return figures;
    },
    memory: () => {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      const m = process.memoryUsage();
      return {
        rss: m.rss,
        heapUsed: m.heapUsed,
        heapTotal: m.heapTotal,
        external: m.external,
        arrayBuffers: m.arrayBuffers,
      };
    },
    ...handlers,
  };
  createInterface({ input: process.stdin }).on('line', (line) => {
    let message: { id?: number; cmd?: string };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const { id, cmd } = message;
    if (typeof id !== 'number' || typeof cmd !== 'string') return;
    const handler = all[cmd];
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`unknown command ${cmd}`);
        return handler(message as Record<string, any>);
      })
      .then(
        (reply) => process.stdout.write(`${JSON.stringify({ id, reply: reply ?? null })}\n`),
        (error: unknown) =>
          process.stdout.write(
            `${JSON.stringify({ id, error: error instanceof Error ? error.message : String(error) })}\n`,
          ),
      );
  });
}

export type Command = (cmd: string, args?: Record<string, unknown>) => Promise<any>;

/** Parent side: a function sending commands to one child and resolving with its reply. */
export function commandsFor(child: ChildProcess): Command {
  let next = 0;
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: { id?: number; reply?: unknown; error?: string };
    try {
      message = JSON.parse(line);
    } catch {
      return;
    }
    const entry = typeof message.id === 'number' ? waiting.get(message.id) : undefined;
    if (!entry) return;
    waiting.delete(message.id!);
    if (message.error !== undefined) entry.reject(new Error(message.error));
    else entry.resolve(message.reply);
  });
  child.once('exit', (code) => {
    for (const entry of waiting.values()) entry.reject(new Error(`child exited (code ${code}) before replying`));
    waiting.clear();
  });
  return (cmd, args = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ ...args, id, cmd })}\n`);
    });
}
