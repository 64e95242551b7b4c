import { Markdown } from '../../../components/Markdown.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { ArtifactLinks } from './ArtifactLinks.tsx';
import type { Artifact, Message } from './conversation-api.ts';
import styles from './Message.module.css';
import { MessageFrame } from './MessageFrame.tsx';

interface MessageArticleProps {
  message: Message;
  myUserId: string;
  /** Files the run that wrote this message produced. */
  artifacts: readonly Artifact[] | undefined;
}

const authorOf = (message: Message, myUserId: string) => {
  if (message.role === 'assistant') return 'Assistant';
  return message.created_by_id === myUserId ? 'You' : 'Teammate';
};

/** A stored message: a person's words as they typed them, an assistant's rendered as sanitised Markdown. */
export function MessageArticle({ message, myUserId, artifacts }: MessageArticleProps) {
  return (
    <MessageFrame
      author={authorOf(message, myUserId)}
      variant={message.role}
      meta={<Timestamp value={message.created_at} />}
    >
      {message.role === 'user' ? (
        <p className={styles.plain}>{message.content}</p>
      ) : (
        <Markdown text={message.content} />
      )}
      {artifacts && artifacts.length > 0 && <ArtifactLinks artifacts={artifacts} />}
    </MessageFrame>
  );
}
