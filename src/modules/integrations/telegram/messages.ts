/** What the bot says in the chat: short, plain, telling the person what to do next. */
export const say = {
  notLinked:
    'This chat is not linked to Atrium yet. In Atrium, open your profile, make a Telegram link code, then send it here as /start <code>.',
  badCode: 'That link code is not valid or has expired. Make a new one in Atrium and send /start <code> again.',
  linked: 'This chat is now linked to your Atrium account. Write to me here and I will answer as your assistant.',
  alreadyLinked: 'This chat is linked to your Atrium account. Write to me and I will answer; /stop unlinks it.',
  unlinked: 'This chat is no longer linked to Atrium. Send /start <code> to link it again.',
  privateOnly: 'I only talk in private chats. Write to me directly.',
  textOnly: 'I can read text messages, photos and documents only for now.',
  tooLargeToRead: (maxBytes: number) =>
    `That file is too large for me: send files of up to ${maxBytes / (1024 * 1024)} MB, or share it in Atrium.`,
  fileType: (filename: string) =>
    `I cannot read ${filename}. Send a photo, or a text, Markdown, CSV, JSON, HTML, PDF, Word (.docx) or Excel (.xlsx) file.`,
  fileUnreadable: (filename: string, why: string) => `I could not read ${filename}: ${why}`,
  fileUnavailable: 'I could not fetch that file from Telegram. Please send it again.',
  suspended: 'Your Atrium account or organization is suspended, so I cannot answer here.',
  busy: 'I am still on your previous message, or waiting for your answer to my question (reply to it). Then write again.',
  approved: 'Approved. Carrying on.',
  rejected: 'Rejected. I will go on without it.',
  rejectedWithReason: 'Rejected, with your reason. I will go on without it.',
  rejectedReason: 'Rejected in Telegram',
  answered: 'Thanks, carrying on with your answer.',
  alreadyAnswered: 'This question was already answered.',
  useApprove: 'To approve, press Approve under the question. A reply to it rejects it, with your reply as the reason.',
  unknownButton: 'That button no longer does anything here.',
  blocked: "Your organization's data protection rules blocked that message, so it was not sent.",
  refused: (why: string) => `Atrium cannot start an answer: ${why}`,
  failed: (why: string) => `I could not finish the answer: ${why}`,
  noAnswer: 'The run ended without an answer.',
  fileTooLarge: (filename: string) => `${filename} is too large to send here; open it in Atrium.`,
};
