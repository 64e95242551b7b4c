import { AtriumApiError } from '@atrium/client';
import { QueryClient } from '@tanstack/react-query';

const MAX_RETRIES = 2;

/** Another try helps with a network hiccup or a busy server, never with a refusal (4xx). */
const shouldRetry = (failures: number, error: unknown) =>
  failures < MAX_RETRIES && !(error instanceof AtriumApiError && error.status < 500);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
