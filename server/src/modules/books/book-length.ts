// The words of a book's text, kept on the book when its text is stored: a card shows the length as
// pages, and a book without a page count gets pages estimated from its words.

/** Words in a text: runs of characters other than white space (the migration counts the same way). */
export function countWords(text: string): number {
  let words = 0;
  const word = /\S+/g;
  while (word.exec(text)) {
    words += 1;
  }
  return words;
}
