import type { ImageModelV3 } from '@ai-sdk/provider';
import { imageTypeOf } from '../image-type.ts';
import type { Watchdog } from './attempts.ts';
import { ModelFailureError } from './errors.ts';
import type { GeneratedImage, GenerateImageRequest, ModelGatewayConfig, ModelUsage } from './types.ts';

/**
 * How long an image call may stay silent at least: an images endpoint answers only once the picture is drawn,
 * which takes OpenAI's GPT Image models up to about two minutes, longer than a chat vendor's silence may last.
 */
export const IMAGE_SILENCE_MS = 180_000;

/** The gateway's limits for an image call: the idle deadline widened to IMAGE_SILENCE_MS, never past the total. */
export const imageCallConfig = (config: ModelGatewayConfig): ModelGatewayConfig => ({
  ...config,
  idleTimeoutMs: Math.min(config.totalTimeoutMs, Math.max(config.idleTimeoutMs, IMAGE_SILENCE_MS)),
});

const GENERATED_TYPES = new Set<string>(['image/png', 'image/jpeg', 'image/webp']);

/** The type of a generated image told by its first bytes (PNG, JPEG or WebP), or null for anything else. */
export function imageMimeType(bytes: Uint8Array): GeneratedImage['mimeType'] | null {
  const type = imageTypeOf(bytes);
  return type && GENERATED_TYPES.has(type) ? (type as GeneratedImage['mimeType']) : null;
}

const invalid = (detail: string) => new ModelFailureError({ kind: 'invalid-response', retryable: false, detail });
const count = (n: number | undefined) => (n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : 0);

/**
 * One attempt at one image: `n: 1`, the vendor's default size unless one is asked for. The answer must hold an
 * image whose bytes are PNG, JPEG or WebP, else it is a model failure: nothing else is stored as an image.
 * Images have no tokens of their own; what the vendor reports (OpenAI's GPT Image models do) is the usage.
 */
export async function generateImageAttempt(
  im: ImageModelV3,
  req: GenerateImageRequest,
  watchdog: Watchdog,
): Promise<Omit<GeneratedImage, 'costMicroCents'>> {
  const result = await im.doGenerate({
    prompt: req.prompt,
    n: 1,
    size: req.size,
    aspectRatio: undefined,
    seed: undefined,
    files: undefined,
    mask: undefined,
    providerOptions: {},
    abortSignal: watchdog.signal,
  });
  watchdog.touch();
  const [image] = result.images;
  if (image === undefined) throw invalid('the response holds no image');
  const bytes = typeof image === 'string' ? new Uint8Array(Buffer.from(image, 'base64')) : image;
  const mimeType = imageMimeType(bytes);
  if (mimeType === null) throw invalid('the image is not a PNG, JPEG or WebP file');
  const usage: ModelUsage = {
    inputTokens: count(result.usage?.inputTokens),
    outputTokens: count(result.usage?.outputTokens),
    cachedInputTokens: 0,
  };
  return { bytes, mimeType, usage };
}
