import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { describeError, isApiError } from '../../../lib/errors.ts';
import { useSignedInUser } from '../../auth/index.ts';
import { titleFromMessage } from '../thread-title.ts';
import type { ThreadWithRun } from '../threads-api.ts';
import { useThread, useUpdateThread } from '../use-threads.ts';
import { Composer } from './Composer.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import styles from './ConversationPage.module.css';
import type { Artifact } from './conversation-api.ts';
import { LiveRun } from './LiveRun.tsx';
import { Transcript } from './Transcript.tsx';
import { useSendMessage, useThreadArtifacts, useTranscript } from './use-conversation.ts';
import { useMessageAuthor } from './use-message-author.ts';

export function ConversationPage() {
  const { threadId = '' } = useParams();
  const thread = useThread(threadId);

  if (thread.isPending) return <Loading label="Loading the conversation…" />;
  if (thread.isError) {
    return (
      <div className="page">
        <h1>{isApiError(thread.error, 404) ? 'Thread not found' : 'This thread could not be opened'}</h1>
        <LoadError error={thread.error} onRetry={() => thread.refetch()} />
      </div>
    );
  }
  // Keyed by thread: moving to another thread starts from a clean slate (no live run carried over).
  return <Conversation key={threadId} thread={thread.data} />;
}

function Conversation({ thread }: { thread: ThreadWithRun }) {
  const me = useSignedInUser();
  const authorOf = useMessageAuthor(thread.project_id);
  const transcript = useTranscript(thread.id);
  const artifacts = useThreadArtifacts(thread.id);
  const send = useSendMessage(thread.id);
  const rename = useUpdateThread(thread.id);
  const [startedRunId, setStartedRunId] = useState<string | null>(null);

  // The run started here, or the one already going when the thread opened (attach to it), until the transcript
  // holds its stored reply: from that render on the stored reply shows instead, never both.
  const runId = startedRunId ?? thread.active_run_id;
  const replyStored = transcript.data?.some((message) => message.role === 'assistant' && message.run_id === runId);
  const liveRunId = runId && !replyStored ? runId : null;

  const artifactsByRun = useMemo(() => {
    const byRun = new Map<string, Artifact[]>();
    for (const artifact of artifacts.data ?? []) {
      if (artifact.run_id) byRun.set(artifact.run_id, [...(byRun.get(artifact.run_id) ?? []), artifact]);
    }
    return byRun;
  }, [artifacts.data]);

  const sendMessage = async (content: string) => {
    const { run } = await send.mutateAsync(content);
    if (run) setStartedRunId(run.id);
    if (thread.title === null) rename.mutate({ title: titleFromMessage(content) });
  };

  return (
    <div className={styles.page}>
      <ConversationHeader thread={thread} artifacts={artifacts.data} />
      {transcript.isPending && <Loading label="Loading messages…" />}
      {transcript.isError && <LoadError error={transcript.error} onRetry={() => transcript.refetch()} />}
      {transcript.isSuccess && (
        <Transcript messages={transcript.data} authorOf={authorOf} artifactsByRun={artifactsByRun}>
          {liveRunId && (
            <LiveRun key={liveRunId} threadId={thread.id} runId={liveRunId} viewerIsAdmin={me.role === 'admin'} />
          )}
        </Transcript>
      )}
      <div className={styles.footer}>
        {send.isError && (
          <p role="alert" className="alert">
            {describeError(send.error)}
          </p>
        )}
        <Composer
          onSend={sendMessage}
          blockedReason={liveRunId ? 'The assistant is still answering: wait for it, or cancel the run.' : null}
        />
      </div>
    </div>
  );
}
