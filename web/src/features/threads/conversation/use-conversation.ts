import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { isApiError } from '../../../lib/errors.ts';
import { threadKeys } from '../threads-api.ts';
import {
  artifactDownloadUrl,
  cancelRun,
  conversationKeys,
  type Message,
  postMessage,
  readThreadArtifacts,
  readTranscript,
} from './conversation-api.ts';

/** Download URLs live an hour; asking again well before that keeps every link usable. */
const DOWNLOAD_URL_FRESH_MS = 45 * 60 * 1000;

export function useTranscript(threadId: string) {
  const client = useClient();
  return useQuery({ queryKey: conversationKeys.transcript(threadId), queryFn: () => readTranscript(client, threadId) });
}

export function useThreadArtifacts(threadId: string) {
  const client = useClient();
  return useQuery({
    queryKey: conversationKeys.artifacts(threadId),
    queryFn: () => readThreadArtifacts(client, threadId),
  });
}

export function useArtifactDownloadUrl(artifactId: string) {
  const client = useClient();
  return useQuery({
    queryKey: conversationKeys.download(artifactId),
    queryFn: () => artifactDownloadUrl(client, artifactId),
    staleTime: DOWNLOAD_URL_FRESH_MS,
    refetchInterval: DOWNLOAD_URL_FRESH_MS,
  });
}

/** Posts a message; it shows in the transcript at once, and the run answering it is returned to attach to. */
export function useSendMessage(threadId: string) {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postMessage(client, threadId, content),
    onSuccess: ({ message }) =>
      queryClient.setQueryData<Message[]>(conversationKeys.transcript(threadId), (messages) =>
        // Not loaded yet: the load will include it.
        messages ? [...messages, message] : undefined,
      ),
    // A run is already answering (started elsewhere): reload the thread, whose active run the page then follows.
    onError: (error) => {
      if (isApiError(error, 409, 'run_in_progress'))
        void queryClient.invalidateQueries({ queryKey: threadKeys.detail(threadId) });
    },
  });
}

export function useCancelRun(threadId: string, runId: string) {
  const client = useClient();
  return useMutation({ mutationFn: () => cancelRun(client, threadId, runId) });
}
