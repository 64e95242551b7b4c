import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import type { Artifact, Message } from './conversation-api.ts';
import { MessageArticle } from './MessageArticle.tsx';
import styles from './Transcript.module.css';
import { useStickToBottom } from './use-stick-to-bottom.ts';

/** A first guess at a message's height; each is measured once it renders. */
const ESTIMATED_MESSAGE_PX = 120;
const MESSAGE_GAP_PX = 12;

interface TranscriptProps {
  messages: readonly Message[];
  authorOf: (message: Message) => string;
  artifactsByRun: ReadonlyMap<string, readonly Artifact[]>;
  /** The live run's reply, after the stored messages. */
  children?: ReactNode;
}

/**
 * The conversation, oldest first. Only the messages in and near view are in the DOM (a thread of hundreds scrolls
 * as smoothly as one of ten); the live reply follows the last of them.
 */
export function Transcript({ messages, authorOf, artifactsByRun, children }: TranscriptProps) {
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_MESSAGE_PX,
    getItemKey: (index) => messages[index]?.id ?? index,
    gap: MESSAGE_GAP_PX,
    overscan: 6,
    // Measuring happens during rendering; React 19 refuses flushSync there.
    useFlushSync: false,
  });
  useStickToBottom(scroller, content);

  // The browser's own Home and End scroll smoothly through estimated heights that change as messages are measured,
  // and the list's corrections can stop them half-way; jumping to the first message or to the end always arrives.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const region = event.currentTarget;
    if (event.target !== region || messages.length === 0) return;
    if (event.key === 'Home') {
      event.preventDefault();
      virtualizer.scrollToIndex(0, { align: 'start' });
    } else if (event.key === 'End') {
      event.preventDefault();
      region.scrollTop = region.scrollHeight;
    }
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section ref={scroller} aria-label="Conversation" tabIndex={0} className={styles.scroller} onKeyDown={onKeyDown}>
      <div ref={content} className={styles.content}>
        {messages.length === 0 && !children && <p className={styles.empty}>Ask anything to start the conversation.</p>}
        <div className={styles.window} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index];
            if (!message) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.item}
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MessageArticle
                  message={message}
                  author={authorOf(message)}
                  artifacts={message.run_id ? artifactsByRun.get(message.run_id) : undefined}
                />
              </div>
            );
          })}
        </div>
        {children}
      </div>
    </section>
  );
}
