import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BIN = join(process.cwd(), 'bin', 'atrium.mjs');

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs `atrium serve` as a real process on the embedded database, the way `npm start` does. */
async function serve(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 45_000;
  while (!/listening on (http:\/\/\S+)/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
  return { child, url, output: () => output, exited };
}

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.stderr.on('data', (c) => {
      output += c;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('atrium CLI on the embedded database', () => {
  it('bootstraps once, prints the operator credentials, keeps sessions across restarts, shuts down gracefully', async () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-cli-')), ATRIUM_ADMIN_EMAIL: 'ops@atrium.test' };
    const first = await serve(env);
    const printed = first.output();
    expect(printed).toContain(`${first.url}/docs`);
    const password = /operator password:\s+(\S+)/.exec(printed)![1]!;
    const consoleKey = /console API key:\s+(\S+)/.exec(printed)![1]!;
    expect(/web API key:\s+(atr_\S+)/.test(printed)).toBe(true);

    const mint = () =>
      fetch(`${first.url}/v1/auth/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${consoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@atrium.test', password }),
      });
    const { token } = (await (await mint()).json()) as { token: string };

    // SIGTERM while a request is in flight (its headers are in, half its body is not): it still completes,
    // then the process exits 0.
    const body = JSON.stringify({ email: 'ops@atrium.test', password });
    const { port } = new URL(first.url);
    const socket = connect(Number(port), '127.0.0.1');
    let response = '';
    socket.on('data', (chunk) => {
      response += chunk;
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));
    socket.write(
      `POST /v1/auth/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${consoleKey}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    socket.write(body.slice(10));
    await closed;
    expect(response.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(response).toMatch(/connection: close/i);
    expect(await first.exited).toBe(0);

    const second = await serve(env);
    try {
      expect(second.output()).not.toContain(password);
      expect(second.output()).toContain('credentials were printed at the first start');
      const identity = await fetch(`${second.url}/v1/auth/identity`, { headers: { authorization: `Bearer ${token}` } });
      expect(identity.status).toBe(200);
    } finally {
      second.child.kill('SIGINT');
      expect(await second.exited).toBe(0);
    }

    const migrate = await run(['migrate'], env);
    expect(migrate.code).toBe(0);
    expect(migrate.output).toContain('database is up to date');
  }, 120_000);

  it('refuses a bad configuration with a message naming the variable', async () => {
    const result = await run(['serve'], { PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-cli-')) });
    expect(result.code).toBe(2);
    expect(result.output).toContain('PORT');
  });

  it('rejects an unknown command', async () => {
    const result = await run(['fly'], { DATA_DIR: mkdtempSync(join(tmpdir(), 'atrium-cli-')) });
    expect(result.code).toBe(2);
    expect(result.output).toContain('usage: atrium');
  });
});
