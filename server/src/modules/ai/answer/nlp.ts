// Parts of speech, dictionary forms and simple entities (numbers, dates, durations) of a sentence,
// from wink-nlp with its small English model. Loaded on the first question (about 0.1 s), and only
// ever run on a question and the few sentences that may answer it, never on a whole book.

import winkNLP, { type ItemToken, type PartOfSpeech } from "wink-nlp";
import model from "wink-eng-lite-web-model";

export type Token = {
  text: string;
  /** Lower-case dictionary form ("went" → "go", "mice" → "mouse"). */
  lemma: string;
  pos: PartOfSpeech;
};

export type Entity = { text: string; type: string };

export type Analysis = { tokens: Token[]; entities: Entity[] };

type Nlp = ReturnType<typeof winkNLP>;
let nlp: Nlp | null = null;

function load(): Nlp {
  nlp ??= winkNLP(model, ["sbd", "pos", "ner"]);
  return nlp;
}

const cache = new Map<string, Analysis>();
const CACHE_SIZE = 2_000;

/** Tokens and entities of a short text (a question or a sentence), cached. */
export function analyse(text: string): Analysis {
  const cached = cache.get(text);
  if (cached) {
    return cached;
  }
  const engine = load();
  const its = engine.its;
  const doc = engine.readDoc(text);
  const tokens: Token[] = [];
  doc.tokens().each((token: ItemToken) => {
    const pos = token.out(its.pos) as PartOfSpeech;
    if (pos === "SPACE") {
      return;
    }
    // wink's typings give lemma another signature than the other token helpers; it works the same.
    const lemma = token.out(its.lemma as unknown as typeof its.pos);
    tokens.push({ text: token.out(), lemma: String(lemma).toLowerCase(), pos });
  });
  const entities = (doc.entities().out(its.detail) as unknown as { value: string; type: string }[]).map(
    ({ value, type }) => ({ text: value, type }),
  );
  const analysis = { tokens, entities };
  if (cache.size >= CACHE_SIZE) {
    cache.clear();
  }
  cache.set(text, analysis);
  return analysis;
}

/** The dictionary form of one word ("went" → "go"). */
export function lemmaOf(word: string): string {
  return analyse(word).tokens[0]?.lemma ?? word.toLowerCase();
}
