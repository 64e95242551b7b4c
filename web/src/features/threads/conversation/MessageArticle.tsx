import { Markdown } from '../../../components/Markdown.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { ArtifactLinks } from './ArtifactLinks.tsx';
import type { Artifact, Message } from './conversation-api.ts';
import styles from './Message.module.css';
import { MessageFrame } from './MessageFrame.tsx';

interface MessageArticleProps {
  message: Message;
  /** Who wrote it: the start of the article's accessible name. */
  author: string;
  /** Files the run that wrote this message produced. */
  artifacts: readonly Artifact[] | undefined;
}

/** A stored message: a person's words as they typed them, an assistant's rendered as sanitised Markdown. */
export function MessageArticle({ message, author, artifacts }: MessageArticleProps) {
  return (
    <MessageFrame author={author} variant={message.role} meta={<Timestamp value={message.created_at} />}>
      {message.role === 'user' ? (
        <p className={styles.plain}>{message.content}</p>
      ) : (
        <Markdown text={message.content} />
      )}
      {artifacts && artifacts.length > 0 && <ArtifactLinks artifacts={artifacts} />}
    </MessageFrame>
  );
}
