import { useId } from 'react';
import { CopyButton } from './CopyButton.tsx';
import styles from './ShownOnce.module.css';

interface Secret {
  label: string;
  value: string;
}

function SecretField({ secret }: { secret: Secret }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{secret.label}</label>
      <div className={styles.value}>
        <input id={id} readOnly value={secret.value} onFocus={(e) => e.target.select()} />
        <CopyButton text={secret.value} />
      </div>
    </>
  );
}

/** Values the server shows only once (a new key, a webhook's secret), each with a Copy button and the warning. */
export function ShownOnce({ name, warning, secrets }: { name: string; warning: string; secrets: Secret[] }) {
  return (
    <section className={styles.notice} aria-label={name}>
      <p className={styles.warning}>{warning}</p>
      {secrets.map((secret) => (
        <SecretField key={secret.label} secret={secret} />
      ))}
    </section>
  );
}
