/**
 * Benchmark child: the fake OpenAI-compatible chat server of the tests, answering every request with one
 * streamed reply of BENCH_TOKENS text deltas (one token each) and a usage chunk. Prints its URL when ready.
 */
import { startFakeOpenAIChat } from '../test/fixtures/fake-chat-vendors.ts';
import { announce, exitWithParent, fail } from './child.ts';

const tokens = Number(process.env.BENCH_TOKENS ?? 500);
startFakeOpenAIChat({
  record: false,
  defaultReply: {
    text: Array.from({ length: tokens }, (_, i) => ` tok${i % 10}`),
    usage: { input: 20, output: tokens },
  },
}).then((fake) => {
  exitWithParent(() => fake.close());
  announce({ url: fake.url, pid: process.pid });
}, fail);
