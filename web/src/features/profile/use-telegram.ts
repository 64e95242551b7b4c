import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../lib/client-context.tsx';
import {
  createTelegramLinkCode,
  hasTelegramBot,
  listTelegramLinks,
  telegramKeys,
  unlinkTelegramChat,
} from './telegram-api.ts';

/** How often the linked chats are read again while a code waits to be sent to the bot. */
const WAITING_POLL_MS = 3000;

/** The member's linked chats; read again every few seconds while `waiting` (a code is out). */
export function useTelegramLinks(waiting: boolean) {
  const client = useClient();
  return useQuery({
    queryKey: telegramKeys.links,
    queryFn: () => listTelegramLinks(client),
    refetchInterval: waiting ? WAITING_POLL_MS : false,
  });
}

export function useHasTelegramBot() {
  const client = useClient();
  return useQuery({ queryKey: telegramKeys.channels, queryFn: () => hasTelegramBot(client) });
}

/** A new one-time code; it lives only in this mutation's result. */
export function useCreateTelegramLinkCode() {
  const client = useClient();
  return useMutation({ mutationFn: () => createTelegramLinkCode(client) });
}

export function useUnlinkTelegramChat() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => unlinkTelegramChat(client, linkId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramKeys.links }),
  });
}
