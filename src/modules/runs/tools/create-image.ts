import { z } from 'zod';
import { withinTransaction } from '../../../platform/db/transaction.ts';
import { ApiError } from '../../../platform/http/errors.ts';
import {
  type GeneratedImage,
  IMAGE_SIZES,
  type ModelGateway,
  type ResolvedModel,
} from '../../../platform/models/index.ts';
import { type ArtifactsService, MAX_ARTIFACT_BYTES } from '../../artifacts/service.ts';
import { artifactResult, defineTool, errorResult, text } from './define.ts';
import type { ToolContext, ToolOutcome } from './types.ts';

export interface ImageToolDeps {
  gateway: Pick<ModelGateway, 'resolve' | 'generateImage' | 'recordUsage'>;
  artifacts: Pick<ArtifactsService, 'createArtifact'>;
}

export const NO_IMAGE_MODEL =
  'No image model is selected for this organization, so no image was made. An administrator can select a model ' +
  'that creates images for "image" in the organization’s model settings.';

const EXTENSIONS: Record<GeneratedImage['mimeType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** A name that needs no cleaning: letters, digits, spaces, dots, dashes and underscores, not starting with a dot. */
const SAFE_NAME = /^[\p{L}\p{N}_-][\p{L}\p{N} ._-]*$/u;

export const CreateImageInput = z.object({
  prompt: text(4000).describe(
    'Everything the picture should show: subject, setting, style, colours, composition and any words in it. ' +
      'The image model does not see this conversation.',
  ),
  size: z
    .enum(IMAGE_SIZES)
    .optional()
    .describe('Width x height in pixels; not every model takes every size (1024x1024 is the most widely taken)'),
  title: z.string().trim().min(1).max(200).optional().describe('Title shown to the person; defaults to the prompt'),
  filename: z
    .string()
    .trim()
    .max(100)
    .regex(SAFE_NAME, 'use letters, digits, spaces, dots, dashes and underscores only')
    .optional()
    .describe('File name without a directory; the extension is set from the image format. Defaults to "image"'),
});

export type CreateImageInput = z.output<typeof CreateImageInput>;

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * create_image: one image from the organization's `image` selection (else the platform's), stored as the act's
 * artifact. It waits on the vendor outside the engine's transaction; the usage event and the artifact are then
 * written together, so a call is charged when, and only when, its image is kept (or refused as too large).
 */
export function createImageTool(deps: ImageToolDeps) {
  async function save(
    ctx: ToolContext,
    input: CreateImageInput,
    model: ResolvedModel,
    image: GeneratedImage,
  ): Promise<ToolOutcome> {
    const bytes = Buffer.from(image.bytes);
    return withinTransaction(ctx.tx, async (tx) => {
      await deps.gateway.recordUsage(tx, ctx.usageContext, model, image.usage);
      if (bytes.length > MAX_ARTIFACT_BYTES) {
        return errorResult(
          `The image model sent ${bytes.length} bytes, over the ${MAX_ARTIFACT_BYTES} a file may hold`,
        );
      }
      const stem = (input.filename ?? '').replace(/\.(png|jpe?g|webp)$/i, '') || 'image';
      const row = await deps.artifacts.createArtifact(tx, {
        organizationId: ctx.organizationId,
        threadId: ctx.threadId,
        runId: ctx.runId,
        actId: ctx.actId,
        createdByTool: 'create_image',
        filename: `${stem}.${EXTENSIONS[image.mimeType]}`,
        mimeType: image.mimeType,
        bytes,
        title: input.title ?? clip(input.prompt, 100),
        generator: model.providerSlug,
        generatorVersion: model.modelId,
        model: model.versionId,
        prompt: ctx.prompt,
      });
      return artifactResult(row);
    });
  }

  return defineTool({
    name: 'create_image',
    description:
      "Create a picture (PNG, JPEG or WebP) from a description with the organization's image model, saved as a " +
      'file the person can open. Refused when the organization has no image model.',
    inputSchema: CreateImageInput,
    outsideTransaction: true,
    async run(input, ctx) {
      const model = await deps.gateway.resolve(ctx.usageContext, { key: 'image' }, ctx.tx);
      if (!model.outputModalities.includes('image')) return errorResult(NO_IMAGE_MODEL);
      let image: GeneratedImage;
      try {
        image = await deps.gateway.generateImage({ model, prompt: input.prompt, size: input.size, db: ctx.tx });
      } catch (error) {
        if (error instanceof ApiError && error.code === 'model_error') {
          return errorResult(`The image could not be made: ${error.message}`);
        }
        throw error;
      }
      return save(ctx, input, model, image);
    },
  });
}
