/**
 * (g) What the model gateway costs per streamed token: `gateway.streamRound` over the fake OpenAI-compatible
 * server against a bare client reading the same server's SSE stream with fetch (split lines, JSON.parse each
 * chunk, collect the content). Same server, same reply, same run, interleaved rounds; medians reported.
 */
import { modelCatalog } from '../src/modules/catalog/service.ts';
import { createSecretBox } from '../src/platform/crypto/secret-box.ts';
import { openDatabase } from '../src/platform/db/client.ts';
import { createModelGateway } from '../src/platform/models/index.ts';
import type { ResolvedModel } from '../src/platform/models/types.ts';
import { median } from './report.ts';
import { startChild, stopChild } from './spawn.ts';

const TOKENS = 500;
const VENDOR_KEY = 'sk-bench-0123456789abcdef0123456789abcdef';

export interface GatewayBenchOptions {
  atriumUrl: string;
  consoleKey: string;
  databaseUrl: string;
  /** ATRIUM_SECRET_KEY of the Atrium child, to open the provider key it sealed. */
  secretKeyHex: string;
  rounds: number;
  seconds: number;
  warmup: number;
}

interface Sample {
  tokens: number;
  wallUs: number;
  cpuUs: number;
}

async function call(url: string, key: string, method: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The floor: what any client must do to read the stream. Returns the number of content deltas. */
async function bareStream(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${VENDOR_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'bench-model',
      messages: [{ role: 'user', content: 'bench' }],
      stream: true,
      stream_options: { include_usage: true },
    }),
  });
  if (!response.ok || !response.body) throw new Error(`fake vendor answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  let deltas = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const content = JSON.parse(event.slice(6)).choices?.[0]?.delta?.content;
      if (content) {
        text += content;
        deltas++;
      }
    }
  }
  if (text.length === 0) throw new Error('the bare client read no text');
  return deltas;
}

/** Calls `once` back to back for `ms`, returning tokens, wall and CPU time (this process). */
async function measure(ms: number, once: () => Promise<number>): Promise<Sample> {
  const cpuBefore = process.cpuUsage();
  const start = process.hrtime.bigint();
  const deadline = Date.now() + ms;
  let tokens = 0;
  while (Date.now() < deadline) {
    const got = await once();
    if (got !== TOKENS) throw new Error(`expected ${TOKENS} deltas, got ${got}`);
    tokens += got;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { tokens, wallUs: Number(process.hrtime.bigint() - start) / 1000, cpuUs: cpu.user + cpu.system };
}

export async function benchGateway(options: GatewayBenchOptions): Promise<string> {
  const fake = await startChild('fake-chat-server.ts', { ...process.env, BENCH_TOKENS: String(TOKENS) });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: '', poolSize: 2 });
  try {
    const baseUrl = `${fake.info.url}/v1`;
    // The catalog rows an operator would create, over HTTP.
    const provider = await call(options.atriumUrl, options.consoleKey, 'POST', '/v1/admin/ai-providers', {
      name: 'Bench vendor',
      slug: 'bench-compat',
      base_url: baseUrl,
      api_key: VENDOR_KEY,
    });
    const family = await call(options.atriumUrl, options.consoleKey, 'POST', '/v1/admin/ai-model-families', {
      providerId: provider.id,
      name: 'Bench',
      slug: 'bench',
    });
    const version = await call(options.atriumUrl, options.consoleKey, 'POST', '/v1/admin/ai-model-versions', {
      familyId: family.id,
      modelId: 'bench-model',
      version: '1',
      displayName: 'Bench model',
      outputModalities: ['text'],
      supportsStreaming: true,
      inputCostPer1m: 250,
      outputCostPer1m: 1000,
    });
    const gateway = createModelGateway({
      db: database.db,
      secretBox: createSecretBox(Buffer.from(options.secretKeyHex, 'hex')),
      catalog: modelCatalog,
    });
    const model: ResolvedModel = await gateway.resolve(
      { organizationId: '00000000-0000-7000-8000-000000000000' },
      { agentModel: version.id },
    );
    const viaGateway = async () => {
      let deltas = 0;
      const result = await gateway.streamRound({ model, messages: [{ role: 'user', content: 'bench' }] }, (e) => {
        if (e.type === 'text-delta') deltas++;
      });
      if (result.usage.outputTokens !== TOKENS) throw new Error('the gateway lost the usage chunk');
      return deltas;
    };
    const bare = () => bareStream(baseUrl);

    const floor: Sample[] = [];
    const gw: Sample[] = [];
    for (let round = 0; round < options.rounds; round++) {
      process.stdout.write(`round ${round + 1}/${options.rounds}: (g) model gateway streaming... `);
      await measure(options.warmup * 1000, bare);
      floor.push(await measure(options.seconds * 1000, bare));
      await measure(options.warmup * 1000, viaGateway);
      gw.push(await measure(options.seconds * 1000, viaGateway));
      process.stdout.write('done\n');
    }
    const per = (samples: Sample[], field: 'wallUs' | 'cpuUs') => median(samples.map((s) => s[field] / s.tokens));
    const rows = [
      ['    floor: fetch + SSE split + JSON.parse per chunk', per(floor, 'wallUs'), per(floor, 'cpuUs')],
      ['(g) gateway.streamRound, OpenAI-compatible fake', per(gw, 'wallUs'), per(gw, 'cpuUs')],
    ] as const;
    return [
      '',
      `${'model gateway, per streamed token'.padEnd(62)}${'wall µs'.padStart(9)}${'CPU µs'.padStart(9)}`,
      ...rows.map(
        ([label, wall, cpu]) => `${label.padEnd(62)}${wall.toFixed(2).padStart(9)}${cpu.toFixed(2).padStart(9)}`,
      ),
      `${'    ratio (gateway / floor)'.padEnd(62)}${`${(rows[1][1] / rows[0][1]).toFixed(2)}x`.padStart(9)}${`${(rows[1][2] / rows[0][2]).toFixed(2)}x`.padStart(9)}`,
      `    ${TOKENS} one-token deltas per reply, one call at a time; CPU is this process's (the client side only);`,
      `    median of ${options.rounds} interleaved round(s), ${options.warmup} s warm-up + ${options.seconds} s each`,
    ].join('\n');
  } finally {
    await database.close();
    await stopChild(fake.process);
  }
}
