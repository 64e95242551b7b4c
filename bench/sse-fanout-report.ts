/** The (i) SSE fan-out report: memory per stream and publish → receive latency, Atrium beside the bare floor. */
import type { MemoryFigures } from './child-rpc.ts';
import { loadAverage, median, percentile } from './report.ts';

/** One measured window of one server. */
export interface Window {
  /** receive − send of every frame of the window, in ms. */
  latencies: number[];
  /** Frames the clients should have received: publishes × streams of the run. */
  expected: number;
  /** Streams the server closed so far (a stream cut off as too slow, for instance). */
  ended: number;
  /** The server's event loop delay over the window, p99 in ms (a loop busy elsewhere delays every frame). */
  loopDelayP99: number;
  /** The server process's CPU time over the window (null off Linux). */
  cpuUs: number | null;
}

export interface PhaseResult {
  label: string;
  streams: number;
  openSeconds: number;
  /** The server's memory (after a forced GC) before and after the streams were opened. */
  before: MemoryFigures;
  after: MemoryFigures;
  windows: Window[];
}

const KB = 1024;
const LATENCY_GOAL_MS = 10;
const MEMORY_GOAL_KB = 16;

function figures(r: PhaseResult) {
  const latencies = r.windows.flatMap((w) => w.latencies);
  const cpu = r.windows.some((w) => w.cpuUs === null) ? null : r.windows.reduce((n, w) => n + w.cpuUs!, 0);
  return {
    rssKb: (r.after.rss - r.before.rss) / r.streams / KB,
    heapKb: (r.after.heapUsed - r.before.heapUsed) / r.streams / KB,
    externalKb: (r.after.external - r.before.external) / r.streams / KB,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    p999: percentile(latencies, 0.999),
    max: percentile(latencies, 1),
    roundP99: r.windows.map((w) => percentile(w.latencies, 0.99)),
    loopP99: r.windows.map((w) => w.loopDelayP99),
    received: latencies.length,
    expected: r.windows.reduce((n, w) => n + w.expected, 0),
    ended: Math.max(0, ...r.windows.map((w) => w.ended)),
    cpuPerDelivery: cpu === null || latencies.length === 0 ? null : cpu / latencies.length,
  };
}

export function formatFanout(input: {
  floor: PhaseResult;
  mine: PhaseResult;
  options: { runs: number; rate: number; seconds: number; clients: number; rounds: number };
  notes: string[];
}): string {
  const { floor, mine, options } = input;
  const f = figures(floor);
  const m = figures(mine);
  const n = (v: number, digits = 2) => v.toFixed(digits).padStart(9);
  const head =
    `${'SSE fan-out'.padEnd(34)}${'open s'.padStart(9)}${'RSS KB'.padStart(9)}${'heap KB'.padStart(9)}` +
    `${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'p99.9'.padStart(9)}${'max'.padStart(9)}` +
    `${'CPU µs'.padStart(9)}   p99 by round; received / expected`;
  const line = (label: string, r: PhaseResult, x: ReturnType<typeof figures>) =>
    `${label.padEnd(34)}${n(r.openSeconds, 1)}${n(x.rssKb, 1)}${n(x.heapKb, 1)}${n(x.p50)}${n(x.p99)}${n(x.p999)}` +
    `${n(x.max)}${x.cpuPerDelivery === null ? '-'.padStart(9) : n(x.cpuPerDelivery, 1)}   ` +
    `${x.roundP99.map((v) => v.toFixed(1)).join(' / ')}; ${x.received.toLocaleString('en-US')} / ` +
    `${x.expected.toLocaleString('en-US')}${x.ended > 0 ? ` (${x.ended} streams closed early)` : ''}`;
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(9);
  // Judged on the larger of the two: a heap that grew into pages RSS already counted shows less in RSS.
  const memKb = Math.max(m.rssKb, m.heapKb + m.externalKb);
  const memOk = memKb <= MEMORY_GOAL_KB;
  const latOk = m.p99 <= LATENCY_GOAL_MS;
  const bestRound = Math.min(...m.roundP99);
  return [
    '',
    `(i) ${mine.streams.toLocaleString('en-US')} concurrent streams per server (${options.runs} runs × ` +
      `${mine.streams / options.runs}), ${options.rate.toLocaleString('en-US')} deliveries/s, ` +
      `${options.rounds} alternating window(s) of ${options.seconds} s each, ${options.clients} client process(es) ` +
      'per server',
    head,
    line('    floor: bare node:http SSE', floor, f),
    line('(i) Atrium /events, Redis bus', mine, m),
    `${'    ratio (Atrium / floor)'.padEnd(34)}${ratio(mine.openSeconds, floor.openSeconds)}${ratio(m.rssKb, f.rssKb)}` +
      `${ratio(m.heapKb, f.heapKb)}${ratio(m.p50, f.p50)}${ratio(m.p99, f.p99)}${ratio(m.p999, f.p999)}` +
      `${ratio(m.max, f.max)}${m.cpuPerDelivery && f.cpuPerDelivery ? ratio(m.cpuPerDelivery, f.cpuPerDelivery) : ''}`,
    '',
    `goal memory ≤ ${MEMORY_GOAL_KB} KB per stream: ${memKb.toFixed(1)} KB, ${memOk ? 'met' : 'NOT met'} ` +
      `(the larger of RSS ${m.rssKb.toFixed(1)} KB and heap + external ${(m.heapKb + m.externalKb).toFixed(1)} KB)`,
    `goal publish → receive p99 ≤ ${LATENCY_GOAL_MS} ms: ${m.p99.toFixed(2)} ms over all windows, ` +
      `${latOk ? 'met' : 'NOT met'} (best window ${bestRound.toFixed(2)} ms, median window ` +
      `${median(m.roundP99).toFixed(2)} ms; floor median window ${median(f.roundP99).toFixed(2)} ms)` +
      (m.received === m.expected ? '' : ` (${m.expected - m.received} deliveries missing)`),
    '    memory: the server process after a forced GC, after opening the streams minus before, divided by the streams;',
    '    latency: hrtime at the client − hrtime at the publisher, through Redis; CPU µs: server process per delivery;',
    `    server event loop delay p99 by window (ms): Atrium ${m.loopP99.map((v) => v.toFixed(1)).join(' / ')}, ` +
      `floor ${f.loopP99.map((v) => v.toFixed(1)).join(' / ')}`,
    `    open s: opening all streams, 32 at a time per client; load average after: ${loadAverage()}`,
    ...input.notes.map((note) => `    ${note}`),
  ].join('\n');
}
