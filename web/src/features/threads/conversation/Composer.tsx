import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import styles from './Composer.module.css';

interface ComposerProps {
  /** Sends the text; the box empties once this resolves and keeps the text when it rejects. */
  onSend: (content: string) => Promise<unknown>;
  /** Why sending must wait (a run is still answering), or null. */
  blockedReason: string | null;
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function Composer({ onSend, blockedReason }: ComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const fieldId = useId();
  const hintId = useId();
  const canSend = text.trim().length > 0 && !blockedReason && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(text);
      setText('');
    } catch {
      // The page shows why; the text stays so nothing typed is lost.
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes (Japanese, Chinese…), Enter confirms the composition, not the message.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={submit} className={styles.composer}>
      <label htmlFor={fieldId} className={styles.label}>
        Message
      </label>
      <textarea
        id={fieldId}
        // biome-ignore lint/a11y/noAutofocus: a conversation is opened to write in it; typing starts here
        autoFocus
        className={styles.field}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={2}
        aria-describedby={hintId}
      />
      <button type="submit" className={`button button--primary ${styles.send}`} disabled={!canSend}>
        Send
      </button>
      <p id={hintId} className={styles.hint}>
        {blockedReason ?? 'Enter sends, Shift+Enter adds a line.'}
      </p>
    </form>
  );
}
