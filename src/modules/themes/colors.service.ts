import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { ModelCallContext, ModelGateway } from '../../platform/models/index.ts';
import { rederive } from './colors/dependents.ts';
import { ModelPalette, PALETTE_INSTRUCTIONS, paletteRequest } from './colors/model-suggestion.ts';
import { readabilityIssues } from './colors/readability.ts';
import { brandOf, brandOfText, colorsFromInputs, type SuggestedTokens, suggestTokens } from './colors/suggest.ts';
import { type DeriveInput, MIN_GUIDELINES, type SuggestColorsInput } from './colors.schemas.ts';

export interface ThemeColorsDeps {
  db: Executor;
  gateway: Pick<ModelGateway, 'resolve' | 'generateObject' | 'recordUsage'>;
  /** 402 `no_active_subscription` before the model reads a brief. */
  billing: { assertSubscribed(organizationId: string): Promise<void> };
}

const noTextModel = () =>
  new ApiError(
    400,
    'no_text_model',
    'A brief alone needs a text model, and this organization has none (the built-in offline model cannot read a brief): select a text model, or give colors or guidelines',
  );

/** Theme colours: suggestions from brand inputs and the re-derivation of an edited theme. */
export function createThemeColorsService(deps: ThemeColorsDeps) {
  /** Brand colours from a brief, by the organization's text model (the gateway answers 502 on failure). */
  async function colorsFromBrief(ctx: RequestContext, brief: string, brandName: string | undefined) {
    const call: ModelCallContext = {
      organizationId: ctx.organizationId,
      userId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
      channel: 'api',
    };
    await deps.billing.assertSubscribed(ctx.organizationId);
    const model = await deps.gateway.resolve(call);
    if (model.offline) throw noTextModel();
    const result = await deps.gateway.generateObject({
      model,
      system: PALETTE_INSTRUCTIONS,
      messages: [{ role: 'user', content: paletteRequest(brief.trim(), brandName?.trim() || undefined) }],
      schema: ModelPalette,
    });
    await deps.gateway.recordUsage(deps.db, call, model, result.usage);
    return [...result.object.colors, ...(result.object.neutrals ?? [])];
  }

  return {
    /**
     * Deterministic from colours and guidelines (their colours, else a hue of the guidelines' text); only a brief
     * alone goes to the model, whose colours then take the same derivation (and its contrast guarantee).
     */
    async suggest(ctx: RequestContext, input: SuggestColorsInput): Promise<SuggestedTokens> {
      const guidelines = input.guidelines ?? '';
      const colors = colorsFromInputs(input.colors ?? [], guidelines);
      const brand =
        colors.length > 0
          ? brandOf(colors)
          : guidelines.trim().length >= MIN_GUIDELINES
            ? brandOfText(guidelines)
            : brandOf(await colorsFromBrief(ctx, input.brief ?? '', input.brand_name));
      return suggestTokens(brand, input.scope, input.surface);
    },

    /** Pure: the changed token's dependents re-derived in its variant, and each variant's readability issues. */
    derive(input: DeriveInput) {
      const { variant, token } = input.changed;
      const updates = rederive(token, variant === 'light' ? input.light_tokens : input.dark_tokens, input.surface);
      const light = variant === 'light' ? updates : {};
      const dark = variant === 'dark' ? updates : {};
      return {
        light_tokens: light,
        dark_tokens: dark,
        issues: {
          light: readabilityIssues({ ...input.light_tokens, ...light }),
          dark: readabilityIssues({ ...input.dark_tokens, ...dark }),
        },
      };
    },
  };
}

export type ThemeColorsService = ReturnType<typeof createThemeColorsService>;
