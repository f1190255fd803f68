// Chat ids as the spec defines them: `userId_bookId` for the book chat and
// `userId_bookId_char_{character name with non-alphanumerics as underscores}` for a character chat.

export function chatIdFor(userId: string, bookId: string, characterName?: string | null): string {
  const base = `${userId}_${bookId}`;
  return characterName ? `${base}_char_${characterName.replace(/[^A-Za-z0-9]/g, "_")}` : base;
}
