/** Reads a text stream to its end: the pieces it yielded, and the error it ended with, if any. */
export async function collectStream(stream: AsyncIterable<string>): Promise<{ pieces: string[]; error: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of stream) {
      pieces.push(piece);
    }
    return { pieces, error: undefined };
  } catch (error) {
    return { pieces, error };
  }
}
