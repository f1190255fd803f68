import type { PartOfSpeech } from "wink-nlp";
import { analyse } from "../ai/answer/nlp.js";
import { classifyRules } from "../moderation/rules/index.js";

// The one line a teacher's chat list shows for a chat, made offline from the student's own messages
// (never the AI's): what they asked about, turned from questions into phrases ('Why did Toad go to
// prison?' → 'why Toad went to prison'), repeats grouped, and what they found confusing (they said so,
// or asked the same thing again). Greetings and thanks are left out, and so is anything about the
// child themselves or that the safeguarding rules would stop: the line is read at a glance, so it
// holds only what the book chat was about. Deterministic: the same messages give the same line.
//
//   summariseChat({ messages: ["Why did Toad go to prison?", "who is badger", "I don't get who Badger is"],
//                   names: ["Toad", "Badger"] })
//   → "Asked why Toad went to prison; confused about who Badger is"

/** Longest summary, in characters. */
export const SUMMARY_MAX_LENGTH = 120;

export type SummaryInput = {
  /**
   * The student's messages, oldest first: only those a teacher may see summarised (never a message
   * safeguarding refused or withheld).
   */
  messages: readonly string[];
  /** In a character chat, the character: "you" in the student's questions. */
  characterName?: string | null;
  /** Names from the book (its character list), written as the book writes them. */
  names?: readonly string[];
};

type Token = { text: string; lower: string; lemma: string; pos: PartOfSpeech };

type Topic = {
  /** The phrase after 'Asked' ("why Toad went to prison", "about Badger", "what 'wayfarer' means"). */
  text: string;
  /** Dictionary forms of its words that matter: two topics with (almost) the same are one question. */
  key: Set<string>;
};

/** The phrase's words with their parts of speech and dictionary forms (the AI's analysis, answer/nlp.ts). */
function tokensOf(text: string): Token[] {
  return analyse(text).tokens.map((token) => ({ ...token, lower: token.text.toLowerCase() }));
}

// Children's spellings of the words that shape a question, and contractions spelled out.
const SPELLINGS: Record<string, string> = {
  wat: "what",
  wot: "what",
  wht: "what",
  whta: "what",
  whats: "what is",
  "what's": "what is",
  "what're": "what are",
  y: "why",
  wy: "why",
  whys: "why is",
  "why's": "why is",
  hoo: "who",
  whos: "who is",
  "who's": "who is",
  wen: "when",
  "when's": "when is",
  wher: "where",
  whare: "where",
  wheres: "where is",
  "where's": "where is",
  hw: "how",
  hows: "how is",
  "how's": "how is",
  dose: "does",
  duz: "does",
  dus: "does",
  doz: "does",
  meen: "mean",
  meens: "means",
  iz: "is",
  r: "are",
  u: "you",
  ur: "your",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  isnt: "isn't",
  wasnt: "wasn't",
  cant: "can't",
  im: "I'm",
  understnad: "understand",
  undastand: "understand",
  understan: "understand",
  confussed: "confused",
  confuzed: "confused",
};

function respell(text: string): string {
  return text.replace(/[A-Za-z']+/g, (word) => {
    const fixed = SPELLINGS[word.toLowerCase()];
    if (!fixed) {
      return word;
    }
    // Keep a capital at the start of a sentence.
    return /^[A-Z]/.test(word) && word.length > 1 ? fixed[0]?.toUpperCase() + fixed.slice(1) : fixed;
  });
}

function normalise(message: string): string {
  return respell(
    message
      .normalize("NFKC")
      .replace(/\p{Cc}+/gu, " ")
      .replace(/[‘’`´]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** Sentences, each with whether it ended with a question mark. */
function sentencesOf(text: string): { text: string; asked: boolean }[] {
  // A full stop inside a word ("sam@example.com", "Mr.Toad") does not end a sentence.
  return text
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => /[a-z]/i.test(sentence))
    .map((sentence) => ({ text: sentence.replace(/[.!?\s]+$/, ""), asked: /\?/.test(sentence) }));
}

// Words that start a greeting, thanks or a nod; with at most one word after them, the sentence says
// nothing about the book ("thanks Mole", "ok cool").
const SMALL_TALK =
  /^(?:hi+|hello+|hey+|hiya|howdy|yo|good (?:morning|afternoon|evening)|thanks?|thank (?:you|u)|thx|ty|cheers|ok(?:ay)?|k|cool|great|nice|awesome|amazing|wow|yes|yeah|yep|yup|no|nope|nah|sure|bye|goodbye|see (?:you|ya)|lol|haha+|hmm+|oh|ah|i see|got it|alright|fine|good)\b[\s,!]*/i;

/** The sentence without the greeting or thanks it starts with; "" when that is all it is. */
function withoutSmallTalk(sentence: string): string {
  let rest = sentence;
  for (let match = SMALL_TALK.exec(rest); match && match[0].length > 0; match = SMALL_TALK.exec(rest)) {
    rest = rest.slice(match[0].length);
    const words = rest.split(/\s+/).filter(Boolean);
    if (words.length <= 1 && !/\b(?:what|why|who|how|where|when)\b/i.test(rest)) {
      return "";
    }
  }
  return rest.replace(/^so\b[\s,]*/i, "");
}

// "I don't understand (why ...)", "I'm confused about ...", "that makes no sense", "what do you mean".
const CONFUSED =
  /^(?:i\s+(?:still\s+|really\s+)?(?:do\s*not|don't|didn't|did not|can't|cannot|can not)\s+(?:really\s+|quite\s+)?(?:understand|get)(?:\s+(?:it|that|this))?|i(?:'m| am)\s+(?:still\s+|so\s+|really\s+|a bit\s+)?(?:confused|lost)|(?:that|this|it)\s+(?:is\s+)?(?:confusing|(?:makes|made)\s+no\s+sense|(?:doesn't|does not|didn't)\s+make\s+(?:any\s+)?sense)|what\s+do\s+you\s+mean|what\s+(?:does|do)\s+(?:that|this|it)\s+mean|(?:can|could)\s+you\s+(?:explain|say)\s+(?:that|it)\s+again)\b[\s,:]*/i;
/** A whole sentence that only says "I did not follow". */
const CONFUSED_ALONE = /^(?:what|huh|eh|sorry|pardon|i\s+(?:still\s+)?(?:don't|do not)\s+get\s+it|i'm\s+lost)$/i;
const CONFUSED_INSIDE = /\bconfus(?:ed|ing)\b|\bmakes? no sense\b|\bstill (?:don't|do not) (?:get|understand)\b/i;

/** Leading words that only wrap the question ("Can you tell me who Badger is" → "who Badger is"). */
const LEAD_INS = [
  /^(?:please|pls|plz|and|but|also|um+|erm+|well|right|then|so)\b[\s,]*/i,
  /^(?:can|could|will|would)\s+you\s+(?:please\s+)?(?:help\s+me\s+(?:to\s+)?(?:understand|with)|tell|explain(?:\s+to)?|show|say)(?:\s+(?:me|us))?\b[\s,:]*/i,
  /^(?:please\s+)?(?:tell|explain(?:\s+to)?|show)\s+(?:me|us)\b[\s,:]*/i,
  /^explain\b[\s,:]*/i,
  /^(?:can|could|may)\s+i\s+ask(?:\s+you)?\b[\s,:]*/i,
  /^i\s+(?:want|wanna|would\s+like|'d\s+like|need)\s+to\s+know\b[\s,:]*/i,
  /^i(?:'m|\s+am)?\s+(?:wonder(?:ing)?|was\s+wondering|curious)\b[\s,:]*/i,
  /^(?:do|did)\s+you\s+know\b[\s,:]*/i,
  /^i\s+(?:have|got)\s+a\s+question\b[\s,:]*/i,
  /^(?:my\s+)?question\s+is\b[\s,:]*/i,
];

function withoutLeadIns(sentence: string): { text: string; stripped: boolean } {
  let text = sentence;
  let stripped = false;
  for (let again = true; again;) {
    again = false;
    for (const lead of LEAD_INS) {
      const match = lead.exec(text);
      if (match && match[0].length > 0 && match[0].length < text.length) {
        text = text.slice(match[0].length);
        stripped = true;
        again = true;
      }
    }
  }
  return { text, stripped };
}

// "What does wayfarer mean", "what is the meaning of wayfarer", "define wayfarer", "what wayfarer means".
const WORD = `["']?([a-z][a-z'-]*(?:\\s[a-z][a-z'-]*){0,2}?)["']?`;
const MEANING = [
  new RegExp(`^what\\s+(?:does|do|did|is)\\s+(?:the\\s+word\\s+)?${WORD}\\s+(?:mean|means|meant)$`, "i"),
  new RegExp(`^what\\s+(?:is\\s+)?(?:the\\s+word\\s+)?${WORD}\\s+(?:means|meant)$`, "i"),
  new RegExp(`^what\\s+is\\s+the\\s+meaning\\s+of\\s+(?:the\\s+word\\s+)?${WORD}$`, "i"),
  new RegExp(`^(?:the\\s+)?(?:meaning|definition)\\s+of\\s+(?:the\\s+word\\s+)?${WORD}$`, "i"),
  new RegExp(`^define\\s+(?:the\\s+word\\s+)?${WORD}$`, "i"),
  new RegExp(`^${WORD}\\s+means\\s+what$`, "i"),
];
const NOT_A_WORD = new Set(["that", "this", "it", "you", "they", "he", "she", "those", "these"]);

function meaningTopic(text: string): Topic | null {
  for (const pattern of MEANING) {
    const word = pattern
      .exec(text)?.[1]
      ?.toLowerCase()
      .replace(/^'+|'+$/g, "");
    if (word && !NOT_A_WORD.has(word)) {
      return { text: `what '${word}' means`, key: new Set([`meaning:${word}`]) };
    }
  }
  return null;
}

const WH = new Set(["what", "why", "who", "whom", "whose", "where", "when", "which", "how"]);
const AUXILIARIES = new Set([
  "is",
  "are",
  "was",
  "were",
  "am",
  "do",
  "does",
  "did",
  "has",
  "have",
  "had",
  "can",
  "could",
  "will",
  "would",
  "should",
  "shall",
  "may",
  "might",
  "must",
]);
const POSSESSIVES = new Set(["his", "her", "their", "its", "your", "my", "our"]);
const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "i'm"]);
const SECOND_PERSON = new Set(["you", "your", "yours", "yourself"]);
// Words that say little about what was asked: left out of the key that tells two questions apart.
const LIGHT_POS = new Set<PartOfSpeech>(["AUX", "DET", "ADP", "PART", "PUNCT", "CCONJ", "SCONJ", "SYM", "INTJ"]);

const PAST: Record<string, string> = {
  be: "was",
  have: "had",
  do: "did",
  go: "went",
  leave: "left",
  run: "ran",
  get: "got",
  take: "took",
  make: "made",
  say: "said",
  see: "saw",
  come: "came",
  find: "found",
  give: "gave",
  know: "knew",
  think: "thought",
  tell: "told",
  become: "became",
  feel: "felt",
  keep: "kept",
  begin: "began",
  bring: "brought",
  buy: "bought",
  catch: "caught",
  fall: "fell",
  fight: "fought",
  fly: "flew",
  hide: "hid",
  lose: "lost",
  meet: "met",
  put: "put",
  read: "read",
  ride: "rode",
  sell: "sold",
  send: "sent",
  sing: "sang",
  sit: "sat",
  sleep: "slept",
  speak: "spoke",
  stand: "stood",
  steal: "stole",
  swim: "swam",
  teach: "taught",
  throw: "threw",
  understand: "understood",
  wake: "woke",
  wear: "wore",
  win: "won",
  write: "wrote",
  eat: "ate",
  drink: "drank",
  break: "broke",
  build: "built",
  choose: "chose",
  draw: "drew",
  drive: "drove",
  forget: "forgot",
  grow: "grew",
  hear: "heard",
  hold: "held",
  hurt: "hurt",
  lead: "led",
  let: "let",
  mean: "meant",
  pay: "paid",
  shoot: "shot",
  shut: "shut",
  spend: "spent",
  tear: "tore",
  cut: "cut",
  dig: "dug",
  feed: "fed",
  forgive: "forgave",
  freeze: "froze",
  hang: "hung",
  hit: "hit",
  kneel: "knelt",
  lend: "lent",
  light: "lit",
  ring: "rang",
  rise: "rose",
  seek: "sought",
  shake: "shook",
  shine: "shone",
  sink: "sank",
  slide: "slid",
  spin: "spun",
  spring: "sprang",
  sting: "stung",
  strike: "struck",
  swear: "swore",
  sweep: "swept",
  swing: "swung",
  weep: "wept",
};
const THIRD_PERSON: Record<string, string> = { be: "is", have: "has", do: "does", go: "goes" };

/** "go" → "went", "stop" → "stopped", "carry" → "carried". */
function pastOf(verb: string): string {
  const irregular = PAST[verb];
  if (irregular) {
    return irregular;
  }
  if (verb.endsWith("e")) {
    return `${verb}d`;
  }
  if (/[^aeiou]y$/.test(verb)) {
    return `${verb.slice(0, -1)}ied`;
  }
  // One syllable ending consonant-vowel-consonant doubles its last letter.
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(verb)) {
    return `${verb}${verb.at(-1)}ed`;
  }
  return `${verb}ed`;
}

/** "leave" → "leaves", "watch" → "watches", "cry" → "cries". */
function thirdPersonOf(verb: string): string {
  const irregular = THIRD_PERSON[verb];
  if (irregular) {
    return irregular;
  }
  if (/(?:s|x|z|ch|sh|o)$/.test(verb)) {
    return `${verb}es`;
  }
  if (/[^aeiou]y$/.test(verb)) {
    return `${verb.slice(0, -1)}ies`;
  }
  return `${verb}s`;
}

const isNoun = (token: Token | undefined) => token?.pos === "NOUN" || token?.pos === "PROPN";

/**
 * The end (exclusive) of the noun phrase starting at `start` ("the little rabbit", "Toad's car",
 * "the Rat and Mole", "he"), or `start` when there is none.
 */
function nounPhraseEnd(tokens: Token[], start: number): number {
  const first = tokens[start];
  if (first?.pos === "PRON" && !POSSESSIVES.has(first.lower) && !WH.has(first.lower)) {
    return start + 1;
  }
  let end = start;
  let i = start;
  for (;;) {
    const word = tokens[i];
    if (word?.pos === "DET" || (word?.pos === "PRON" && POSSESSIVES.has(word.lower))) {
      i++;
    }
    while (tokens[i]?.pos === "ADJ" || tokens[i]?.pos === "NUM") {
      i++;
    }
    if (!isNoun(tokens[i])) {
      return end;
    }
    while (isNoun(tokens[i])) {
      i++;
    }
    end = i;
    const next = tokens[i];
    if (next?.lower === "'s" || next?.lower === "'") {
      // "Toad's car": the owner, then what they own.
      i++;
    } else if ((next?.lower === "and" || next?.lower === "of") && nounPhraseEnd(tokens, i + 1) > i + 1) {
      i++;
    } else {
      return end;
    }
  }
}

/** The words of a phrase as they will read in the summary: names as written, the rest in lower case. */
function wordsOf(tokens: Token[], names: Map<string, string>): string[] {
  return tokens.map((token) =>
    isNoun(token) ? (names.get(token.lower) ?? (token.pos === "PROPN" ? token.text : token.lower)) : token.lower,
  );
}

function joinWords(words: string[]): string {
  return words
    .join(" ")
    .replace(/ (?='s\b|'\s|n't\b|[,;:])/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function keyOf(tokens: Token[]): Set<string> {
  return new Set(
    tokens
      .filter((token) => WH.has(token.lower) || (!LIGHT_POS.has(token.pos) && token.pos !== "PRON"))
      .map((token) => (token.pos === "PROPN" ? token.lower : token.lemma)),
  );
}

/**
 * The question as a phrase that follows 'Asked': "why did Toad go to prison" → "why Toad went to
 * prison", "is Toad sorry" → "whether Toad is sorry". Null when the tokens are not a question.
 */
function embedQuestion(tokens: Token[]): Token[] | null {
  const first = tokens[0];
  if (!first) {
    return null;
  }
  if (first.lower === "if" || first.lower === "whether") {
    return tokens.length > 1 ? [{ ...first, text: "whether", lower: "whether" }, ...tokens.slice(1)] : null;
  }
  let head: Token[];
  let i: number;
  if (WH.has(first.lower)) {
    i = 1;
    // "how many horses", "how old", "what colour", "which house", "what kind of animal".
    if (first.lower === "how" && (tokens[1]?.pos === "ADJ" || tokens[1]?.pos === "ADV")) {
      i = 2;
    }
    if (first.lower === "how" || first.lower === "what" || first.lower === "which" || first.lower === "whose") {
      while (tokens[i]?.pos === "ADJ" || isNoun(tokens[i]) || (tokens[i]?.lower === "of" && isNoun(tokens[i + 1]))) {
        // "what is", "which was": the next word is the verb, not part of the question word.
        if (i === 1 && tokens[i]?.pos === "ADJ" && first.lower !== "how") {
          break;
        }
        i++;
      }
    }
    head = tokens.slice(0, i);
  } else if (AUXILIARIES.has(first.lower) && first.pos === "AUX") {
    head = [{ text: "whether", lower: "whether", lemma: "whether", pos: "SCONJ" }];
    i = 0;
  } else {
    return null;
  }
  const aux = tokens[i];
  if (!aux || !AUXILIARIES.has(aux.lower) || aux.pos !== "AUX") {
    // The question word is the subject ("who stole the car"), or it is already a phrase.
    return head.length === tokens.length && head.length === 1 ? null : tokens;
  }
  let next = i + 1;
  const negation = tokens[next]?.lower === "n't" || tokens[next]?.lower === "not" ? tokens[next] : undefined;
  if (negation) {
    next++;
  }
  const subjectEnd = nounPhraseEnd(tokens, next);
  if (subjectEnd === next) {
    // "what is happening": the question word is the subject. A yes-or-no question needs one.
    return head[0]?.lower === "whether" ? null : tokens;
  }
  const subject = tokens.slice(next, subjectEnd);
  const rest = tokens.slice(subjectEnd);
  if (aux.lemma === "do") {
    // The verb, maybe after an adverb ("why does Mole always run"); "like" is often read as a preposition.
    let at = 0;
    while (rest[at]?.pos === "ADV") {
      at++;
    }
    const verb = rest[at];
    if (!verb || !(verb.pos === "VERB" || verb.pos === "AUX" || verb.lower === "like")) {
      return [...head, ...subject, ...rest];
    }
    if (negation) {
      return [...head, ...subject, aux, negation, ...rest];
    }
    const lemma = verb.pos === "VERB" || verb.pos === "AUX" ? verb.lemma : verb.lower;
    const form = aux.lower === "did" ? pastOf(lemma) : aux.lower === "does" ? thirdPersonOf(lemma) : verb.lower;
    return [...head, ...subject, ...rest.slice(0, at), { ...verb, text: form, lower: form }, ...rest.slice(at + 1)];
  }
  return [...head, ...subject, aux, ...(negation ? [negation] : []), ...rest];
}

/** "you" in a character chat is the character: "why did you steal the car" → "why did Toad steal the car". */
function aboutCharacter(text: string, character: string): string {
  return text
    .replace(/\b(are|were|do|have)\s+you\b/gi, (_all, aux: string) => {
      const agreed = { are: "is", were: "was", do: "does", have: "has" }[aux.toLowerCase()] ?? aux;
      return `${agreed} ${character}`;
    })
    .replace(/\byou(?:'re|\s+are)\b/gi, `${character} is`)
    .replace(/\byou(?:'ve|\s+have)\b/gi, `${character} has`)
    .replace(/\byou\s+were\b/gi, `${character} was`)
    .replace(/\byour\b/gi, `${character}'s`)
    .replace(/\byourself\b/gi, character)
    .replace(/\byou\b/gi, character);
}

/** A topic that could say something about the child themselves, or that safeguarding would stop. */
function unfit(text: string, tokens: Token[]): boolean {
  return (
    tokens.some((token) => FIRST_PERSON.has(token.lower)) ||
    /\d{4,}|@|https?:|www\./i.test(text) ||
    classifyRules(text).flagged
  );
}

const MAX_TOPIC_WORDS = 12;

/** What one sentence asks about, or null when it asks nothing (a remark, an answer, small talk). */
function topicOf(sentence: string, asked: boolean, context: Context): Topic | null {
  const { text, stripped } = withoutLeadIns(sentence);
  const meaning = meaningTopic(text);
  if (meaning) {
    return meaning;
  }
  let phrase = text;
  if (!context.characterName) {
    // In a book chat "you" is the assistant: "what do you think will happen" asks what will happen.
    phrase = phrase
      .replace(/^(?:what|how)\s+do\s+you\s+(?:think|feel)\s+(?:of|about)\s+/i, "about ")
      .replace(/^(?:do|did)\s+you\s+think\s+/i, "whether ")
      .replace(/^(\w+)\s+do\s+you\s+think\s+/i, "$1 ");
  }
  let tokens = tokensOf(phrase)
    .filter((token) => token.pos !== "PUNCT" || token.lower === "'")
    // The book's names are names however they are written ("badger" is not the verb).
    .map((token): Token => (context.names.has(token.lower) ? { ...token, pos: "PROPN" } : token));
  // Judged whole, before any of it is dropped: a question about the child is left out entirely.
  if (tokens.length === 0 || unfit(phrase, tokens)) {
    return null;
  }
  let words: Token[] | null;
  if (tokens[0]?.lower === "about") {
    words = tokens.length > 1 ? tokens : null;
  } else if (tokens[0]?.lower === "whether") {
    words = tokens.length > 1 ? tokens : null;
  } else {
    words = embedQuestion(tokens);
  }
  const bookChatAboutYou = !context.characterName && words?.some((token) => SECOND_PERSON.has(token.lower));
  if (!words || bookChatAboutYou) {
    if (!asked && !stripped) {
      return null;
    }
    // A question in no shape we know ("toad prison??"): what it is about.
    const content = tokens.filter(
      (token) =>
        (isNoun(token) || token.pos === "VERB" || token.pos === "ADJ") &&
        !SECOND_PERSON.has(token.lower) &&
        !AUXILIARIES.has(token.lower),
    );
    if (content.length === 0) {
      return null;
    }
    tokens = content.slice(0, 6);
    words = [{ text: "about", lower: "about", lemma: "about", pos: "ADP" }, ...tokens];
  }
  const shown = wordsOf(words.slice(0, MAX_TOPIC_WORDS), context.names);
  let topicText = joinWords(shown);
  if (words.length > MAX_TOPIC_WORDS) {
    topicText += "…";
  }
  if (unfit(topicText, words)) {
    return null;
  }
  // A phrase that is only a question word says nothing.
  if (words.length === 1 && WH.has(words[0]?.lower ?? "")) {
    return null;
  }
  return { text: topicText, key: keyOf(words) };
}

/** The same question again: (almost) the same words that matter. */
function sameQuestion(a: Topic, b: Topic): boolean {
  if (a.text === b.text) {
    return true;
  }
  const shared = [...a.key].filter((word) => b.key.has(word)).length;
  const all = new Set([...a.key, ...b.key]).size;
  return all > 0 && shared >= 2 && shared / all >= 0.75;
}

type Context = { characterName: string | null; names: Map<string, string> };

/** Book names by their lower-case form: "toad" → "Toad". */
function nameMap(names: readonly string[], characterName: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of [...names, ...(characterName ? [characterName] : [])]) {
    for (const word of name.split(/[\s,]+/)) {
      const clean = word.replace(/[^A-Za-z'-]/g, "");
      if (clean.length >= 3 && /^[A-Z]/.test(clean) && !/^(?:The|And|Of|Mrs?|Miss|Dr|Sir|Lady|Lord)$/.test(clean)) {
        map.set(clean.toLowerCase(), clean);
      }
    }
  }
  return map;
}

/** "a", "a and b", "a, b and c". */
function listOf(items: string[]): string {
  if (items.length <= 1) {
    return items.join("");
  }
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "who Badger is" and "who Ratty is" → "who Badger and Ratty are"; the same for word meanings. */
function grouped(topics: string[]): string[] {
  const groups: { pattern: RegExp; one: (items: string[]) => string }[] = [
    { pattern: /^who (.+) is$/, one: (items) => `who ${listOf(items)} are` },
    { pattern: /^what ('.+') means$/, one: (items) => `what ${listOf(items)} mean` },
  ];
  const result: string[] = [];
  const placed = new Map<RegExp, { index: number; items: string[] }>();
  for (const topic of topics) {
    const group = groups.find(({ pattern }) => pattern.test(topic));
    const item = group ? group.pattern.exec(topic)?.[1] : undefined;
    if (!group || !item) {
      result.push(topic);
      continue;
    }
    const seen = placed.get(group.pattern);
    if (!seen) {
      placed.set(group.pattern, { index: result.length, items: [item] });
      result.push(topic);
      continue;
    }
    seen.items.push(item);
    result[seen.index] = group.one(seen.items);
  }
  return result;
}

const about = (topic: string) => topic.replace(/^about /, "");

/** Cuts at a word boundary with an ellipsis. */
function clip(text: string, max: number): string {
  if (text.length <= max) {
    return text;
  }
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;]+$/, "")}…`;
}

/** The line from what was asked and what confused them, as much as fits. */
function compose(asked: string[], confused: string[]): string {
  const confusedPart = (items: string[]) => (items.length ? `confused about ${listOf(items.map(about))}` : "");
  const askedPart = (shown: string[], more: number) => {
    if (shown.length === 0) {
      return more ? `Asked ${more} ${more === 1 ? "question" : "questions"}` : "";
    }
    const items = more ? [...shown, `${more} more ${more === 1 ? "question" : "questions"}`] : shown;
    return `Asked ${listOf(items)}`;
  };
  const line = (shown: string[], more: number, puzzled: string[]) => {
    const parts = [askedPart(shown, more), confusedPart(puzzled)].filter(Boolean);
    const text = parts.join("; ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  // What confused them matters most: every question gives way before it does.
  for (let kept = confused.length; kept >= Math.min(1, confused.length); kept--) {
    for (let shown = asked.length; shown >= 0; shown--) {
      const text = line(asked.slice(0, shown), asked.length - shown, confused.slice(0, kept));
      if (text.length <= SUMMARY_MAX_LENGTH) {
        return text;
      }
    }
  }
  return clip(line(asked.slice(0, 1), asked.length - 1, confused.slice(0, 1)), SUMMARY_MAX_LENGTH);
}

/**
 * The teacher's one-line summary of a chat from the student's messages (at most SUMMARY_MAX_LENGTH
 * characters), or null when there is nothing to summarise (no messages).
 */
export function summariseChat(input: SummaryInput): string | null {
  if (input.messages.length === 0) {
    return null;
  }
  const characterName = input.characterName?.trim() || null;
  const context: Context = { characterName, names: nameMap(input.names ?? [], characterName) };
  const asked: Topic[] = [];
  const confusedAbout: Topic[] = [];
  let puzzled = false;
  let greeted = false;
  let chatted = false;
  let last: Topic | null = null;

  const confuse = (topic: Topic | null) => {
    if (!topic) {
      puzzled = true;
      return;
    }
    if (!confusedAbout.some((known) => sameQuestion(known, topic))) {
      confusedAbout.push(topic);
    }
  };

  for (const message of input.messages) {
    for (const sentence of sentencesOf(normalise(message))) {
      const text = withoutSmallTalk(sentence.text);
      if (!text) {
        greeted = true;
        continue;
      }
      const speak = (words: string) => (characterName ? aboutCharacter(words, characterName) : words);
      const confused = CONFUSED.exec(text);
      if (confused || CONFUSED_ALONE.test(text) || CONFUSED_INSIDE.test(text)) {
        const rest = confused ? text.slice(confused[0].length).replace(/^(?:about|with|by|on)\s+/i, "about ") : "";
        const topic = rest ? topicOf(speak(rest), true, context) : null;
        confuse(topic ?? last);
        continue;
      }
      const topic = topicOf(speak(text), sentence.asked, context);
      if (!topic) {
        chatted = true;
        continue;
      }
      const earlier = asked.find((known) => sameQuestion(known, topic));
      if (earlier) {
        // Asked again: the first answer did not help.
        confuse(earlier);
        last = earlier;
        continue;
      }
      asked.push(topic);
      last = topic;
    }
  }

  const askedOnly = grouped(
    asked.filter((topic) => !confusedAbout.some((known) => sameQuestion(known, topic))).map((topic) => topic.text),
  );
  const confusedTexts = grouped(confusedAbout.map((topic) => topic.text));
  if (askedOnly.length || confusedTexts.length) {
    return compose(askedOnly, confusedTexts);
  }
  if (puzzled) {
    return "Found something confusing";
  }
  if (chatted) {
    return "Chatted about the book, no questions yet";
  }
  return greeted ? "Said hello, no questions yet" : null;
}

/**
 * Whether a summary from elsewhere (the AI's) may be shown: one line of at most SUMMARY_MAX_LENGTH
 * characters, with no contact details and nothing the safeguarding rules would stop.
 */
export function isShowableSummary(text: string): boolean {
  return (
    text.trim().length > 0 &&
    text.length <= SUMMARY_MAX_LENGTH &&
    !/[\r\n]/.test(text) &&
    !/\d{4,}|@|https?:|www\./i.test(text) &&
    !classifyRules(text).flagged
  );
}
