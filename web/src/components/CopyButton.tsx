import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so (or says to copy by hand when the browser refuses). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <>
      <button type="button" className="button" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Copying failed: select the text and copy it.' : ''}
      </span>
    </>
  );
}
