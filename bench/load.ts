/**
 * A closed-loop load generator on node:http: a fixed number of requests in flight over keep-alive connections,
 * each worker sending its next request as soon as the previous response has been read in full.
 */
import { Agent, request } from 'node:http';

export interface Target {
  url: string;
  path: string;
  headers: Record<string, string>;
}

export interface Measurement {
  requests: number;
  /** Responses other than 200, and transport errors. */
  failures: number;
  firstFailure: string | null;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
}

function get(agent: Agent, host: string, port: number, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ agent, host, port, path: target.path, method: 'GET', headers: target.headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Runs `concurrency` workers against the target for `durationMs` and summarises what completed. */
export async function runLoad(target: Target, concurrency: number, durationMs: number): Promise<Measurement> {
  const { hostname: host, port } = new URL(target.url);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency, maxFreeSockets: concurrency });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const started = performance.now();
  const deadline = started + durationMs;
  let finished = started;

  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await get(agent, host, Number(port), target);
        if (status !== 200) {
          failures++;
          firstFailure ??= `HTTP ${status} from ${target.path}`;
        }
      } catch (error) {
        failures++;
        firstFailure ??= `${target.path}: ${error instanceof Error ? error.message : String(error)}`;
      }
      const t1 = performance.now();
      latencies.push(t1 - t0);
      finished = t1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  const seconds = (finished - started) / 1000;
  return {
    requests: latencies.length,
    failures,
    firstFailure,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
  };
}

/** One request, body included, to check a scenario answers what it should before it is measured. */
export async function fetchOnce(target: Target): Promise<{ status: number; body: any }> {
  const response = await fetch(`${target.url}${target.path}`, { headers: target.headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body };
}
