import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client-context.tsx';
import { isApiError } from '../../../lib/errors.ts';
import { threadKeys } from '../threads-api.ts';
import {
  cancelRun,
  conversationKeys,
  type Message,
  postMessage,
  readThreadArtifacts,
  readTranscript,
} from './conversation-api.ts';

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
