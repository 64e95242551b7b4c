import { useEffect, useRef, useState } from 'react';
import { useClient } from '../../../../lib/client-context.tsx';
import type { Draft } from './composer-state.ts';
import { sendable } from './composer-state.ts';
import { type DerivedTokens, deriveTokens, type Variant } from './themes-api.ts';

/** How long typing or dragging a swatch may pause before the API re-derives. */
export const DERIVE_DELAY_MS = 300;

/**
 * A token without dependents (danger and success are the admin's own choice): deriving "after" it rewrites nothing
 * and answers the readability issues, which is how the composer checks a theme it did not edit.
 */
export const CHECK_ONLY_TOKEN = '--color-success';

export interface DeriveRequest {
  draft: Draft;
  variant: Variant;
  token: string;
  /** Waits for the edits to pause (a swatch being dragged); a Fix or a load goes at once. */
  debounce?: boolean;
}

/**
 * Re-derives after each edit: the edited token's dependents come back and go through `onDerived`, the issues of
 * both variants are kept. Only the newest request's answer counts, so a slow answer never undoes a later edit.
 */
export function useDerive(onDerived: (variant: Variant, tokens: DerivedTokens) => void) {
  const client = useClient();
  const [issues, setIssues] = useState<DerivedTokens['issues'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const handler = useRef(onDerived);
  handler.current = onDerived;

  useEffect(() => () => clearTimeout(timer.current), []);

  const derive = ({ draft, variant, token, debounce = false }: DeriveRequest) => {
    clearTimeout(timer.current);
    const run = ++latest.current;
    const send = async () => {
      try {
        const result = await deriveTokens(client, {
          surface: draft.surface,
          light_tokens: sendable(draft.tokens.light),
          dark_tokens: sendable(draft.tokens.dark),
          changed: { variant, token },
        });
        if (run !== latest.current) return;
        handler.current(variant, result);
        setIssues(result.issues);
        setError(null);
      } catch (failure) {
        if (run === latest.current) setError(failure);
      }
    };
    if (debounce) timer.current = setTimeout(send, DERIVE_DELAY_MS);
    else void send();
  };

  return { issues, error, derive };
}
