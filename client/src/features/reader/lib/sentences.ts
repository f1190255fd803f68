// A paragraph's sentences, for read-along: split after . ! ? (and closing quotes) when a capital,
// a quote or a digit follows, keeping abbreviations like "Mr." together. Joined with single
// spaces, the sentences give the paragraph back, so character offsets map between the two.

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "mt",
  "jr",
  "sr",
  "prof",
  "capt",
  "col",
  "rev",
  "no",
  "vs",
]);

export type Sentence = { text: string; start: number };

export function splitSentences(paragraph: string): Sentence[] {
  const sentences: Sentence[] = [];
  const boundary = /[.!?]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\d])/gu;
  let start = 0;
  for (const match of paragraph.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].trimEnd().length;
    const before = paragraph.slice(start, end);
    const lastWord = /([\p{L}]+)\.$/u.exec(before)?.[1]?.toLowerCase();
    if (lastWord && ABBREVIATIONS.has(lastWord)) {
      continue;
    }
    sentences.push({ text: before, start });
    start = (match.index ?? 0) + match[0].length;
  }
  if (start < paragraph.length) {
    sentences.push({ text: paragraph.slice(start), start });
  }
  return sentences;
}
