/** A request the local AI cannot draw; `message` is safe to show users (the server's adapters make it a ProviderError). */
export class LocalAiError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LocalAiError';
  }
}
