// The learned model's view of a message: word unigrams and bigrams and character 3-5-grams of a
// normalised text. Character n-grams carry most of the generalisation: "kil myslf", "k1ll urself" and
// "killurself" share most of theirs with "kill yourself", so a spelling nobody wrote down still scores.

const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

/**
 * Lower case, no accents, leetspeak read as letters inside words ("k1ll", "b@by"), a letter repeated
 * three or more times kept twice ("sooooo" -> "soo"), anything else that is not a letter or a digit a
 * space. Apostrophes vanish ("don't" -> "dont"), as children mostly leave them out.
 */
export function normaliseForModel(text: string): string {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase()
      .replace(/['’‘`]/g, "")
      // A digit or symbol between letters, or after one at a word's end, is leetspeak ("h4te", "l0ser", "b@").
      .replace(/(?<=\p{L})[013457@$]+(?=\p{L})|(?<=\p{L})[013457@$](?=\s|$)|(?<=\s|^)[@$](?=\p{L})/gu, (symbols) =>
        [...symbols].map((symbol) => LEET[symbol] ?? symbol).join(""),
      )
      .replace(/(\p{L})\1{2,}/gu, "$1$1")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
  );
}

/** The feature names of a message (each once), in a stable order. */
export function extractFeatures(text: string): string[] {
  const normal = normaliseForModel(text);
  const features = new Set<string>();
  if (!normal) {
    features.add("empty");
    return [...features];
  }
  const words = normal.split(" ");
  for (let i = 0; i < words.length; i += 1) {
    features.add(`w:${words[i]}`);
    if (i + 1 < words.length) {
      features.add(`b:${words[i]} ${words[i + 1]}`);
    }
  }
  // Across word boundaries too: "kill urself" and "killurself" share "lur", "ursel"...
  const padded = ` ${normal} `;
  for (let n = 2; n <= 4; n += 1) {
    for (let i = 0; i + n <= padded.length; i += 1) {
      features.add(`c:${padded.slice(i, i + n)}`);
    }
  }
  return [...features];
}

/**
 * The features' weight in a message: 1/sqrt(count), as for a unit-length vector, but never more than
 * for SHORT_MESSAGE_FEATURES of them. A one- or two-word message then carries less evidence than a
 * sentence, and the model leans on its prior (benign) instead of reading "Mine" or "Someone Else" as harm
 * from a dozen character n-grams. Short harmful messages are the rules' strength.
 */
export const SHORT_MESSAGE_FEATURES = 32;
export const featureWeight = (count: number): number =>
  count > 0 ? 1 / Math.sqrt(Math.max(count, SHORT_MESSAGE_FEATURES)) : 0;
