import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadError } from '../../components/QueryStatus.tsx';
import { Timestamp } from '../../components/Timestamp.tsx';
import styles from './TelegramSection.module.css';
import type { TelegramLinkCode } from './telegram-api.ts';
import {
  useCreateTelegramLinkCode,
  useHasTelegramBot,
  useTelegramLinks,
  useUnlinkTelegramChat,
} from './use-telegram.ts';

/** True once `expiresAt` has passed; re-renders at that moment. */
function useExpired(expiresAt: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const left = Date.parse(expiresAt) - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return expiresAt !== null && Date.parse(expiresAt) <= now;
}

/** The code out for sending, and how: Telegram's deep link per bot, or `/start <code>` typed in the chat. */
function CodeToSend({ code, expired, onNew }: { code: TelegramLinkCode; expired: boolean; onNew: () => void }) {
  if (expired) {
    return (
      <div className={styles.code} role="status">
        <p>This code expired unused.</p>
        <button type="button" className="button" onClick={onNew}>
          Make a new code
        </button>
      </div>
    );
  }
  return (
    <div className={styles.code} role="status" aria-live="polite">
      <p>
        Your code is <strong className={styles.value}>{code.code}</strong>, valid once until{' '}
        <Timestamp value={code.expires_at} />.
      </p>
      <ul className={styles.bots}>
        {code.bots.map((bot) => (
          <li key={bot.integration_id}>
            {bot.start_url ? (
              <a className="button button--primary" href={bot.start_url} target="_blank" rel="noreferrer">
                Open @{bot.bot_username} in Telegram
              </a>
            ) : (
              bot.display_name
            )}{' '}
            <span className="muted">
              or send <code>/start {code.code}</code> to {bot.bot_username ? `@${bot.bot_username}` : 'the bot'}.
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">This page notices the link by itself once the bot has it.</p>
    </div>
  );
}

/**
 * The member's Telegram chats: linking one with a one-time code sent to the organization's bot, the chats linked
 * (each talks in its own thread), and unlinking. Shown only where the organization has a bot, or chats are linked.
 */
export function TelegramSection() {
  const bot = useHasTelegramBot();
  const create = useCreateTelegramLinkCode();
  const code = create.data ?? null;
  const expired = useExpired(code?.expires_at ?? null);
  const waiting = code !== null && !expired;
  const links = useTelegramLinks(waiting);
  const unlink = useUnlinkTelegramChat();
  const [knownLinks, setKnownLinks] = useState<Set<string> | null>(null);
  const linkedNow = waiting && knownLinks !== null && (links.data ?? []).some((link) => !knownLinks.has(link.id));

  useEffect(() => {
    if (linkedNow) create.reset();
  }, [linkedNow, create]);

  const start = () => {
    setKnownLinks(new Set((links.data ?? []).map((link) => link.id)));
    create.mutate();
  };

  if (!bot.data && !links.data?.length) return null;
  return (
    <section aria-labelledby="profile-telegram" className="stack">
      <h2 id="profile-telegram">Telegram</h2>
      <p className="muted">
        Talk to your assistant from Telegram and answer its questions there: each linked chat has its own thread.
      </p>
      {links.isError && <LoadError error={links.error} onRetry={() => links.refetch()} />}
      {links.data && links.data.length > 0 && (
        <ul className={styles.links} aria-label="Linked chats">
          {links.data.map((link) => (
            <li key={link.id} className={styles.link}>
              <span>
                Chat {link.chat_id}
                {link.bot_username && ` with @${link.bot_username}`}, linked <Timestamp value={link.created_at} />
              </span>
              <Link to={`/threads/${link.thread_id}`}>Open its thread</Link>
              <button
                type="button"
                className="button"
                aria-label={`Unlink chat ${link.chat_id}`}
                disabled={unlink.isPending}
                onClick={() => {
                  setKnownLinks(null);
                  unlink.mutate(link.id);
                }}
              >
                Unlink
              </button>
            </li>
          ))}
        </ul>
      )}
      {knownLinks !== null && code === null && !create.isPending && !create.isError && (
        <p role="status">Linked. Write to the bot in Telegram.</p>
      )}
      {code && <CodeToSend code={code} expired={expired} onNew={start} />}
      {bot.data && !waiting && (
        <div>
          <button type="button" className="button" disabled={create.isPending} onClick={start}>
            Link a Telegram chat
          </button>
        </div>
      )}
      <ErrorAlert error={create.error ?? unlink.error} />
    </section>
  );
}
