/** Vendors the gateway speaks to natively, with their public API root; any other slug is OpenAI-compatible. */
export const KNOWN_PROVIDER_BASE_URLS: Readonly<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
};
