// The short answer inside the sentence that answers: a name for "who", a place for "where", a number
// for "how many", a time for "when", a cause for "why". Taken word for word from the book's sentence,
// so the short answer never says more than the book; null when the sentence holds no such thing, and
// then the reply is the sentence alone.

import { processTerm } from "../passages.js";
import { analyse } from "./nlp.js";
import type { QuestionKind } from "./question.js";

const NUMBER_WORD =
  /^(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half|a|an)$/i;

/** Words that start a sentence or a line of talk with a capital but are no names. */
const NOT_NAMES = new Set(
  "i i'm i’m i'll i’ll i've i’ve i'd i’d oh o ah yes no well now then but and so the a an he she it they we you my his her their our its this that there here what who why how when where which mr mrs miss dr sir lady lord mister master captain chapter".split(
    " ",
  ),
);

/** A colour word ("what colour was his jacket?"). */
export const COLOUR =
  /\b(?:red|blue|green|yellow|white|black|brown|grey|gray|pink|purple|orange|silver|golden|gold|scarlet|crimson)\b/i;

/** Titles before a name ("Mr. Fogg" is Fogg), as search terms. */
const TITLE_TERMS = new Set(["mr", "mrs", "miss", "dr", "sir", "ladi", "lady", "captain", "squir", "squire", "master"]);

const PLACE_PREPOSITIONS = new Set(
  "in at to into from inside under near towards toward on upon across through behind beside".split(" "),
);

function tidy(text: string): string {
  return text
    .replace(/^[\s,;:—–-]+|[\s,;:—–-]+$/g, "")
    .replace(/^[‘“"']+|[’”"']+$/g, "")
    .replace(/(?<!\b(?:Mr|Mrs|Dr|St))\.$/, "")
    .trim();
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Runs of capitalised words that are not the question's own names: "Toad Hall", "Dr. Livesey". */
function properNames(sentence: string, known: ReadonlySet<string>): string[] {
  const { tokens } = analyse(sentence);
  const names: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length > 0) {
      const terms = run
        .map((word) => processTerm(word.replace(/\.$/, "")))
        .filter((term): term is string => term !== null && !TITLE_TERMS.has(term));
      if (terms.length > 0 && !terms.every((term) => known.has(term))) {
        names.push(run.join(" ").replace(/ \./g, "."));
      }
    }
    run = [];
  };
  tokens.forEach((token, position) => {
    const lower = token.text.toLowerCase();
    const capital = /^\p{Lu}/u.test(token.text);
    const startsSentence = position === 0 || /^[‘“"'.!?]$/.test(tokens[position - 1]?.text ?? "");
    if (capital && (token.pos === "PROPN" || !startsSentence) && !NOT_NAMES.has(lower)) {
      run.push(token.text);
    } else if (token.text === "." && run.length > 0 && /^(?:Mr|Mrs|Dr|St)$/.test(run.at(-1) ?? "")) {
      run[run.length - 1] = `${run.at(-1)}.`;
    } else if (capital && /^(?:Mr|Mrs|Dr|Miss|Captain|Sir|Lady|Squire)\.?$/.test(token.text)) {
      run.push(token.text);
    } else {
      flush();
    }
  });
  flush();
  return names;
}

/** "twenty years", "two hundred pounds", "seven": a number and the word it counts. */
function amount(sentence: string, question: string): string | null {
  const { tokens, entities } = analyse(sentence);
  // "How much money …" is answered by an amount of money, "how long …" by a length of time.
  const preferred = /\b(?:money|cost|pay|paid|pounds?|dollars?|price|bet|worth)\b/i.test(question)
    ? "MONEY"
    : /\bhow long\b|\byears?\b|\bdays?\b/i.test(question)
      ? "DURATION"
      : null;
  const entity =
    entities.find((candidate) => candidate.type === preferred) ??
    entities.find((candidate) => ["CARDINAL", "MONEY", "DURATION", "QUANTITY", "PERCENT"].includes(candidate.type));
  if (
    entity &&
    entity.type !== "CARDINAL" &&
    /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|dozen|half)/i.test(
      entity.text,
    )
  ) {
    return entity.text;
  }
  for (const [position, token] of tokens.entries()) {
    if ((token.pos === "NUM" || NUMBER_WORD.test(token.text)) && !/^(?:a|an|one|half)$/i.test(token.text)) {
      const words = [token.text];
      for (let next = position + 1; next < tokens.length && words.length < 4; next += 1) {
        const following = tokens[next];
        if (!following) {
          break;
        }
        if (following.pos === "NUM" || /^(?:and|-)$/.test(following.text)) {
          words.push(following.text);
          continue;
        }
        if (following.pos === "NOUN" || following.pos === "ADJ") {
          words.push(following.text);
          if (following.pos === "NOUN") {
            break;
          }
          continue;
        }
        break;
      }
      return words.join(" ").replace(/ - /g, "-");
    }
  }
  return null;
}

function when(sentence: string): string | null {
  const { entities } = analyse(sentence);
  const entity = entities.find((candidate) => ["DATE", "TIME", "DURATION"].includes(candidate.type));
  if (entity) {
    return entity.text;
  }
  const season =
    /\b(?:in|on|at|one|that|the next|next|every|by)\s+(?:the\s+)?(?:morning|evening|night|afternoon|spring|summer|autumn|winter|christmas(?: day| eve)?|midnight|noon|dawn|sunset|sunrise)\b/i.exec(
      sentence,
    );
  return season ? season[0] : null;
}

function where(sentence: string, known: ReadonlySet<string>): string | null {
  const { tokens } = analyse(sentence);
  for (const [position, token] of tokens.entries()) {
    if (!PLACE_PREPOSITIONS.has(token.text.toLowerCase())) {
      continue;
    }
    const words = [token.text.toLowerCase()];
    let named = false;
    for (let next = position + 1; next < tokens.length && words.length < 6; next += 1) {
      const following = tokens[next];
      if (!following) {
        break;
      }
      if (
        following.pos === "DET" ||
        following.pos === "ADJ" ||
        (following.pos === "PRON" && /^(?:his|her|their|its|my|our)$/i.test(following.text))
      ) {
        words.push(following.text);
        continue;
      }
      if (following.pos === "PROPN" || following.pos === "NOUN") {
        words.push(following.text);
        const term = processTerm(following.text);
        named ||= following.pos === "PROPN" && (term === null || !known.has(term));
        const after = tokens[next + 1];
        if (after && (after.pos === "PROPN" || (after.pos === "NOUN" && following.pos === "PROPN"))) {
          continue;
        }
        break;
      }
      break;
    }
    if (words.length > 1 && named) {
      return words.join(" ");
    }
  }
  return null;
}

function because(sentence: string): string | null {
  const match = /\b(because|for fear|so that|in order to)\b\s+([^.;!?”’]{3,90})/i.exec(sentence);
  if (!match?.[1] || !match[2]) {
    return null;
  }
  const words = match[2].split(/\s+/).slice(0, 14).join(" ");
  return `${match[1].toLowerCase() === "because" ? "because" : match[1].toLowerCase()} ${tidy(words)}`;
}

function calledName(sentence: string): string | null {
  const match = /\b(?:called|named|name (?:was|is))\s+((?:the\s+)?(?:[‘“"']?\p{Lu}[\p{L}’'-]*\.?\s*){1,4})/u.exec(
    sentence,
  );
  return match?.[1] ? tidy(match[1]) : null;
}

/**
 * The short answer to a question of `kind`, found in `sentence`; `known` holds the terms the question
 * already names (a "who" answer is someone else). Null when the sentence has no answer of that kind,
 * or when it stands far from the question's own words (`content`): then the sentence may name it for
 * another reason, and the reply is the sentence alone.
 */
export function shortAnswer(
  kind: QuestionKind,
  sentence: string,
  known: ReadonlySet<string>,
  question = "",
  /** The question's words other than names: the answer must stand near one of them. */
  content: ReadonlySet<string> = new Set(),
  /** The book's characters, as its character list names them: who a "who" answer may be. */
  people: readonly string[] = [],
): string | null {
  const plain = sentence.replace(/_/g, "");
  if (/\bcolou?rs?\b/i.test(question)) {
    const colour = COLOUR.exec(plain)?.[0];
    return colour ? capitalise(colour.toLowerCase()) : null;
  }
  let answer: string | null = null;
  switch (kind) {
    case "who":
      // Only a character of the book's list: other capitalised words may be places, months or things.
      answer = properNames(plain, known).find((name) => people.some((person) => samePerson(name, person))) ?? null;
      break;
    case "how-many":
    case "how-long":
      answer = amount(plain, question);
      break;
    case "when":
      answer = when(plain);
      break;
    case "where":
      answer = where(plain, known);
      break;
    case "why":
      answer = because(plain);
      break;
    case "name":
      answer = calledName(plain);
      break;
    default:
      answer = null;
  }
  if (!answer || (content.size > 0 && !nearContent(plain, answer, content))) {
    return null;
  }
  return capitalise(tidy(answer));
}

/** "the Badger" is Badger, "Dr. Livesey" is Dr. Livesey: the name's words, titles aside, are the person's. */
function samePerson(name: string, person: string): boolean {
  const terms = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => processTerm(word.replace(/[^\p{L}’'-]/gu, "")))
      .filter((term): term is string => term !== null && !TITLE_TERMS.has(term));
  const own = terms(person);
  const found = terms(name);
  return found.length > 0 && found.every((term) => own.includes(term));
}

/** Words either side of the short answer within which the question's own words must be. */
const NEAR_WORDS = 8;

/**
 * True when the question's words stand near the answer in the sentence ("the Djinn … gave him a
 * hump"), so that it answers the question rather than naming whatever else the sentence names.
 */
function nearContent(sentence: string, answer: string, content: ReadonlySet<string>): boolean {
  const words = sentence.split(/\s+/);
  const first = processTerm(answer.split(/\s+/).find((word) => processTerm(word) !== null) ?? "") ?? "";
  const at = words.findIndex((word) => processTerm(word.replace(/[^\p{L}\p{N}’'-]/gu, "")) === first);
  if (at < 0) {
    return true;
  }
  return words
    .slice(Math.max(0, at - NEAR_WORDS), at + NEAR_WORDS + 1)
    .some((word) => content.has(processTerm(word.replace(/[^\p{L}\p{N}’'-]/gu, "")) ?? ""));
}
