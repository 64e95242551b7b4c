/**
 * The parent side of the benchmark's child processes: start one (`node --import tsx <file>`), wait for its
 * readiness line (see child.ts), and stop it again.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));

export interface Child {
  process: ChildProcess;
  info: { url: string; pid: number };
}

export function startChild(file: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', resolve(here, file)], {
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 60 s`)), 60_000);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited with code ${code} before it was ready`));
    };
    child.once('exit', onExit);
    child.once('error', reject);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const info = JSON.parse(line);
        if (info?.ready) {
          clearTimeout(timer);
          child.off('exit', onExit);
          // What the child writes afterwards (its log, with --log-level) is drained unread.
          lines.close();
          child.stdout!.resume();
          resolveReady({ process: child, info });
        }
      } catch {
        // not the readiness line
      }
    });
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.stdin?.end();
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
  await exited;
  clearTimeout(timer);
}
