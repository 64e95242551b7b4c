/** What the bot says in the chat: short, plain, telling the person what to do next. */
export const say = {
  notLinked:
    'This chat is not linked to Atrium yet. In Atrium, open your profile, make a Telegram link code, then send it here as /start <code>.',
  badCode: 'That link code is not valid or has expired. Make a new one in Atrium and send /start <code> again.',
  linked: 'This chat is now linked to your Atrium account. Write to me here and I will answer as your assistant.',
  alreadyLinked: 'This chat is linked to your Atrium account. Write to me and I will answer; /stop unlinks it.',
  unlinked: 'This chat is no longer linked to Atrium. Send /start <code> to link it again.',
  privateOnly: 'I only talk in private chats. Write to me directly.',
  textOnly: 'I can read text messages only for now.',
  suspended: 'Your Atrium account or organization is suspended, so I cannot answer here.',
  busy: 'I am still answering your previous message. Wait for it, then write again.',
  blocked: "Your organization's data protection rules blocked that message, so it was not sent.",
  refused: (why: string) => `Atrium cannot start an answer: ${why}`,
  failed: (why: string) => `I could not finish the answer: ${why}`,
  noAnswer: 'The run ended without an answer.',
  fileTooLarge: (filename: string) => `${filename} is too large to send here; open it in Atrium.`,
};
