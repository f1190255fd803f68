// A character tells their own story: a sentence of the book about them, turned into the first person
// ("said poor Toad" → "I said", "Toad's" → "my", "he was" → "I was"). Only the narration changes;
// words inside quotation marks are someone's speech and stay as they were spoken.

export type Pronoun = "he" | "she" | "it";

const SPEECH_VERBS =
  "said|says|cried|asked|replied|answered|shouted|whispered|exclaimed|called|remarked|observed|muttered|sobbed|sighed|groaned|gasped|murmured|explained|added|began|continued|declared|grumbled|laughed|snapped|squeaked|wailed|admitted|agreed|insisted|pleaded|protested|retorted|demanded|inquired|enquired|suggested|interrupted|repeated|returned|responded|confessed|announced|went on";
/** What a book puts before a character's name: "poor Toad", "the Rat", "Mr. Badger", "little Beth". */
const BEFORE_NAME =
  "(?:(?:[Pp]oor|[Tt]he|[Oo]ld|[Ll]ittle|[Dd]ear|[Gg]ood|[Kk]ind|[Bb]rave|[Ww]ise|[Ss]illy|[Ww]icked|[Yy]oung|Mr\\.?|Mrs\\.?|Miss|Master|Dr\\.?|Captain|Squire|Sir|Lady|Aunt|Uncle)\\s+)*";
/** Words after which a name is the object: "to Toad", "saw Toad". */
const OBJECT_BEFORE =
  /(?:\b(?:to|at|with|for|from|of|by|about|on|upon|into|onto|towards?|against|after|before|behind|like|near|than|round|around|past|over|under|beside|between|without|saw|see|seen|told|tell|gave|give|asked|helped|help|took|take|met|meet|found|find|made|make|let|followed|caught|thanked|loved|knew|know|called|heard|kissed|hugged|showed|left|brought|sent|watched|pulled|pushed|carried|led|joined|visited|warned|reminded|begged|invited|greeted|welcomed|answered|like|and|[\p{L}]+ed)\s+)$/iu;

const OPEN_QUOTE = /[“‘"]/;
/** Marks where the name was, so that only the pronouns after it change. */
const MARK = "\u0001";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The parts of a sentence outside quotation marks (narration) and inside them (speech). */
function splitSpeech(sentence: string): { text: string; speech: boolean }[] {
  const parts: { text: string; speech: boolean }[] = [];
  let current = "";
  // A quote that starts inside someone's speech: its first quotation mark closes it.
  const firstMark = /[“”"‘’]/.exec(sentence.replace(/(\p{L})’(\p{L})/gu, "$1'$2"));
  let inSpeech =
    firstMark !== null &&
    (firstMark[0] === "”" || (firstMark[0] === "’" && !/\p{L}/u.test(sentence[firstMark.index + 1] ?? "")));
  for (let index = 0; index < sentence.length; index += 1) {
    const char = sentence[index] ?? "";
    const previous = sentence[index - 1] ?? " ";
    const next = sentence[index + 1] ?? " ";
    const opens =
      !inSpeech &&
      (char === "“" || char === '"' || (char === "‘" && /[\s(—–-]/.test(previous)) || (char === "‘" && index === 0));
    const closes = inSpeech && (char === "”" || char === '"' || (char === "’" && !/\p{L}/u.test(next)));
    if (opens) {
      parts.push({ text: current, speech: false });
      current = char;
      inSpeech = true;
    } else if (closes) {
      current += char;
      parts.push({ text: current, speech: true });
      current = "";
      inSpeech = false;
    } else {
      current += char;
    }
  }
  parts.push({ text: current, speech: inSpeech });
  return parts.filter((part) => part.text !== "");
}

const SUBJECT_VERB: Record<string, string> = {
  is: "am",
  has: "have",
  does: "do",
  "isn’t": "am not",
  "isn't": "am not",
  hasn: "haven",
  was: "was",
};

/**
 * The sentence told by the character: their name becomes "I", "me" or "my", and their pronoun
 * after it does the same. `names` are the ways the book names them ("Toad", "Mr. Toad").
 */
export function toFirstPerson(sentence: string, names: readonly string[], pronoun: Pronoun): string {
  const forms = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length).map(escapeRegExp);
  if (forms.length === 0) {
    return sentence;
  }
  const name = `${BEFORE_NAME}(?:${forms.join("|")})`;
  // Names are matched as written ("Black Beauty", not "black"); speech verbs and "the" in any case.
  const speechTag = new RegExp(`\\b(${SPEECH_VERBS})\\s+${name}(?![\\p{L}’'])`, "gu");
  const possessive = new RegExp(`\\b${name}[’']s\\b`, "gu");
  const bare = new RegExp(`(^|[^\\p{L}])(${name})(?![\\p{L}’'])(\\s+(\\p{L}+))?`, "gu");
  const pronouns =
    pronoun === "he"
      ? { subject: /\bhe\b/gi, possessive: /\bhis\b/gi, reflexive: /\bhimself\b/gi }
      : pronoun === "she"
        ? {
            subject: /\bshe\b/gi,
            possessive:
              /\bher\b(?=\s+(?!(?:and|but|to|in|on|at|with|as|so|again|up|down|out|away|back|that|for|from|or|the|a|an)\b)\p{L})/giu,
            reflexive: /\bherself\b/gi,
          }
        : null;

  const parts = splitSpeech(sentence).map((part) => {
    if (part.speech) {
      return part.text;
    }
    let text = part.text.replace(speechTag, (_match, verb: string) => {
      return `${MARK}I ${verb.toLowerCase()}`;
    });
    text = text.replace(possessive, (_match, offset: number, whole: string) => {
      // "The Mole’s ran a good deal on supper": "mine", when no thing of theirs follows.
      const after = whole.slice(offset + _match.length);
      return /^\s*(?:[.,;:!?—–)]|(?:was|were|is|are|had|has|ran|went|came|did|too)\b)/.test(after)
        ? `${MARK}mine`
        : `${MARK}my`;
    });
    text = text.replace(
      bare,
      (
        match,
        lead: string,
        _who: string,
        after: string | undefined,
        verb: string | undefined,
        offset: number,
        whole: string,
      ) => {
        const before = whole.slice(0, offset + lead.length);
        if (OBJECT_BEFORE.test(before) && !/\band\s+$/i.test(before)) {
          return `${lead}${MARK}me${after ?? ""}`;
        }
        const agreed = verb ? (SUBJECT_VERB[verb.toLowerCase()] ?? verb) : undefined;
        return `${lead}${MARK}I${after && verb && agreed ? after.replace(verb, agreed) : (after ?? "")}`;
      },
    );
    const first = text.indexOf(MARK);
    if (first >= 0 && pronouns) {
      // Only after the name, and only until someone else is named: "he" before it, or after "the Rat",
      // may be someone else.
      const named = /^\S+/.exec(text.slice(first))?.[0].length ?? 0;
      const other = /\s(?!I\b)\p{Lu}[\p{L}’'-]+/u.exec(text.slice(first + named));
      const stop = other ? first + named + other.index : text.length;
      const after = text
        .slice(first, stop)
        .replace(pronouns.reflexive, "myself")
        .replace(
          /\b(he|she) (is|has|does)\b/gi,
          (_m, _p: string, verb: string) => `I ${SUBJECT_VERB[verb.toLowerCase()] ?? verb}`,
        )
        .replace(pronouns.subject, "I")
        .replace(pronouns.possessive, "my");
      text = text.slice(0, first) + (pronoun === "he" ? after.replace(/\bhim\b/gi, "me") : after) + text.slice(stop);
    }
    return text;
  });
  const told = parts
    .join("")
    .replaceAll(MARK, "")
    .replace(/\bI (am|was) I\b/g, "I $1");
  // "my" or "me" starting the sentence, and "I" wherever it stands.
  return told.replace(/^(\s*[‘“"(]?)(\p{Ll})/u, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}

/**
 * He, she or it: in the sentences that name the character, the pronoun that first follows the name
 * most often ("Aouda … she"), which is more often theirs than any other pronoun in the sentence.
 */
export function pronounOf(sentences: readonly string[], name: string): Pronoun {
  const after = new RegExp(`\\b${escapeRegExp(name)}\\b([^]*)`, "i");
  let he = 0;
  let she = 0;
  for (const sentence of sentences) {
    const rest = after.exec(sentence)?.[1] ?? "";
    const first = /\b(he|him|his|himself|she|her|hers|herself)\b/i.exec(rest)?.[1]?.toLowerCase();
    if (first) {
      if (first.startsWith("h") && !first.startsWith("her")) {
        he += 1;
      } else {
        she += 1;
      }
    }
  }
  if (he === 0 && she === 0) {
    return "it";
  }
  return she > he ? "she" : "he";
}

/** True when the sentence has narration (words outside quotation marks) that names one of the names. */
export function namesInNarration(sentence: string, names: readonly string[]): boolean {
  return splitSpeech(sentence).some(
    (part) => !part.speech && names.some((name) => new RegExp(`\\b${escapeRegExp(name)}\\b`, "i").test(part.text)),
  );
}

export { OPEN_QUOTE };
