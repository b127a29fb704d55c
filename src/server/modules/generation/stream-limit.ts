/**
 * Open live-progress streams per user in this process (docs/operations.md#live-progress-streams):
 * when a user opens one more than the limit, their oldest stream is closed.
 */
export interface StreamLimit {
  /** Counts a stream that `close` ends; returns the function to call once it has ended. */
  open(userId: string, close: () => void): () => void;
  /** Ends every stream (the server is shutting down: browsers follow their jobs elsewhere). */
  closeAll(): void;
}

export function createStreamLimit(maxPerUser: number): StreamLimit {
  const open = new Map<string, Array<{ close: () => void }>>();
  return {
    open(userId, close) {
      const stream = { close };
      const streams = open.get(userId) ?? [];
      open.set(userId, streams);
      streams.push(stream);
      while (streams.length > maxPerUser) streams.shift()!.close();
      return () => {
        const index = streams.indexOf(stream);
        if (index >= 0) streams.splice(index, 1);
        if (streams.length === 0 && open.get(userId) === streams) open.delete(userId);
      };
    },
    closeAll() {
      // close() takes the stream out of its list (and an emptied list out of the map): iterate a copy.
      for (const streams of open.values()) for (const stream of streams.slice()) stream.close();
    },
  };
}
