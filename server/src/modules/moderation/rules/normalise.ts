// The normaliser of the safeguarding rules: a message and the lexicon's phrases are brought to one
// canonical form, so that a phrase written once matches its spellings.
//
// 1. NFKC (full-width and "fancy" letters), lower case, diacritics and zero-width characters removed,
//    Cyrillic/Greek look-alikes folded to Latin, apostrophes dropped ("you're" -> "youre").
// 2. Leetspeak inside words (0->o, 3->e, 4->a, 5->s, 7->t, 8->ate, 9->g, @->a, $->s, !->i, |->i, +->t).
//    "1" stays and the patterns read it as i or l ("k1ll", "ki11"); numbers stay numbers ("1865").
// 3. A letter stretched to three or more becomes one upper-case letter ("stuuupid" -> "stUpid"),
//    which the patterns read as one letter or as a double ("killll" -> "kiL" matches "kill").
// 4. Punctuation between words becomes "|", so phrases do not run across it ("no harm, myself").
// 5. A second version joins spelled-out words ("k i l l", "s.t.u.p.i.d") when there are any.
// Personal details (phones, postcodes, emails...) are looked for in the folded text with its digits
// and punctuation, before steps 2-5.

// ---------------------------------------------------------------------------------------------------
// Folding: case, diacritics, look-alikes, invisible characters

/** Letters from other scripts that look like Latin ones (after lower-casing), and a few ligatures. */
const CONFUSABLES = new Map(
  (
    "а:a б:b в:b г:r д:d е:e ё:e ж:x з:3 и:u й:u к:k л:n м:m н:h о:o п:n р:p с:c т:t у:y ф:f х:x ц:u ч:4 ш:w щ:w " +
    "ь:b ы:bi ъ:b э:e ю:io я:r і:i ї:i ј:j ѕ:s ԁ:d ӏ:l ɡ:g ԛ:q ԝ:w α:a β:b γ:y δ:d ε:e ζ:z η:n θ:o ι:i κ:k λ:l " +
    "μ:u ν:v ξ:e ο:o π:n ρ:p σ:o ς:c τ:t υ:u φ:f χ:x ψ:w ω:w ᴀ:a ʙ:b ᴄ:c ᴅ:d ᴇ:e ɢ:g ʜ:h ɪ:i ᴊ:j ᴋ:k ʟ:l ᴍ:m " +
    "ɴ:n ᴏ:o ᴘ:p ʀ:r ꜱ:s ᴛ:t ᴜ:u ᴠ:v ᴡ:w ʏ:y ᴢ:z ı:i ł:l ø:o đ:d ð:d ħ:h ŧ:t ß:ss æ:ae œ:oe þ:th ŀ:l ɑ:a ɛ:e " +
    "ɩ:i ɵ:o ʋ:u ¡:! ꜰ:f ǫ:q"
  )
    .split(" ")
    .map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)] as const),
);
/** Zero-width and other invisible characters, and combining marks left over after NFKC. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/u;
const MARKS = /\p{M}/gu;
/** Stands in for characters outside the Basic Multilingual Plane (emoji): never part of a word. */
const OTHER = 0xfffd;

export interface Folded {
  /** One UTF-16 code per character: lower case Latin where possible, anything else as found. */
  readonly codes: readonly number[];
  /** For each character, its index in the NFKC source, for quoting the child's own words. */
  readonly at: readonly number[];
}

export function fold(source: string): Folded {
  const codes: number[] = [];
  const at: number[] = [];
  for (let index = 0; index < source.length;) {
    const code = source.charCodeAt(index);
    if (code < 128) {
      codes.push(code >= 65 && code <= 90 ? code + 32 : code);
      at.push(index);
      index += 1;
      continue;
    }
    const char = String.fromCodePoint(source.codePointAt(index) ?? code);
    if (!INVISIBLE.test(char)) {
      for (const part of char.toLowerCase().normalize("NFD").replace(MARKS, "")) {
        for (const mapped of CONFUSABLES.get(part) ?? part) {
          codes.push(mapped.length === 1 ? mapped.charCodeAt(0) : OTHER);
          at.push(index);
        }
      }
    }
    index += char.length;
  }
  return { codes, at };
}

/** Builds a string from UTF-16 codes without overflowing the argument limit. */
export function fromCodes(codes: readonly number[]): string {
  let text = "";
  for (let start = 0; start < codes.length; start += 8192) {
    text += String.fromCharCode(...codes.slice(start, start + 8192));
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------
// Canonical text for the lexicon

export interface CanonicalText {
  /**
   * Only [a-z0-9*], a space between words, or "|" where punctuation separated them. A letter
   * stretched to three or more is one upper-case letter ("stuuupid" -> "stUpid").
   */
  readonly text: string;
  readonly codes: readonly number[];
  /** For each character of `text`, its index in the NFKC source. */
  readonly offsets: readonly number[];
}

const LETTER = 1;
const DIGIT = 2;
/** Kept inside a word for leetspeak and masking ("$h!t", "f*ck"). */
const SYMBOL = 4;
/** Dropped at a word's edges ("stupid!!", "*sigh*"). */
const EDGE = 8;
const APOSTROPHE = 16;
/** Ends a phrase: "no harm, myself" is not "harm myself". Ellipses and dashes do not. */
const PUNCTUATION = 32;

const CLASSES = new Uint8Array(65536);
for (let code = 97; code <= 122; code += 1) {
  CLASSES[code] = LETTER;
}
for (let code = 48; code <= 57; code += 1) {
  CLASSES[code] = DIGIT;
}
const addClass = (chars: string, bits: number) => {
  for (const char of chars) {
    const index = char.charCodeAt(0);
    CLASSES[index] = (CLASSES[index] ?? 0) | bits;
  }
};
addClass("@$!|+*", SYMBOL);
addClass("!|+*", EDGE);
addClass("'\u2019\u2018`\u00b4\u02bc\u02bb\u2032\uff07", APOSTROPHE);
addClass(',.!?;:"\u201c\u201d()[]\n', PUNCTUATION);

export const codeOf = (char: string): number => char.charCodeAt(0);
const DOT = codeOf(".");
export const ONE = codeOf("1");
export const SPACE = codeOf(" ");
export const BAR = codeOf("|");
const AT = codeOf("@");
const DOLLAR = codeOf("$");
export const isLetterCode = (value: number): boolean => value >= 97 && value <= 122;
export const isDigitCode = (value: number): boolean => value >= 48 && value <= 57;
const isWordCode = (value: number): boolean => ((CLASSES[value] ?? 0) & (LETTER | DIGIT | SYMBOL)) !== 0;

const LEET: readonly (readonly number[] | undefined)[] = (() => {
  const table: (number[] | undefined)[] = [];
  const pairs: [string, string][] = [
    ["0", "o"],
    ["3", "e"],
    ["4", "a"],
    ["5", "s"],
    ["7", "t"],
    ["8", "ate"],
    ["9", "g"],
    ["@", "a"],
    ["$", "s"],
    ["!", "i"],
    ["|", "i"],
    ["+", "t"],
  ];
  for (const [from, to] of pairs) {
    table[codeOf(from)] = [...to].map(codeOf);
  }
  return table;
})();

interface Word {
  /** Indexes into the folded codes, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly afterPunctuation: boolean;
}

/** Words of letters, digits and in-word symbols; apostrophes inside a word join it ("youre"). */
function splitWords({ codes }: Folded): Word[] {
  const words: Word[] = [];
  let start = -1;
  let punctuation = false;
  for (let index = 0; index <= codes.length; index += 1) {
    const value = codes[index] ?? SPACE;
    const bits = CLASSES[value] ?? 0;
    if (bits & APOSTROPHE && start >= 0) {
      continue;
    }
    const next = codes[index + 1] ?? SPACE;
    const inWord =
      (bits & (LETTER | DIGIT)) !== 0 ||
      ((bits & SYMBOL) !== 0 && isWordCode(next) && (start >= 0 || value === AT || value === DOLLAR));
    if (inWord) {
      if (start < 0) {
        start = index;
      }
      continue;
    }
    if (start >= 0) {
      words.push({ start, end: index, afterPunctuation: punctuation });
      start = -1;
      punctuation = false;
    }
    const ellipsis = value === DOT && (codes[index - 1] === DOT || next === DOT);
    if (words.length > 0 && bits & PUNCTUATION && !ellipsis) {
      punctuation = true;
    }
  }
  return words;
}

interface CanonicalBuilder {
  readonly codes: number[];
  readonly offsets: number[];
}

/** Appends one word: leetspeak decoded, stretches collapsed ("stuuupid"), edge symbols trimmed. */
function appendWord(folded: Folded, word: Word, out: CanonicalBuilder): void {
  let start = word.start;
  let end = word.end;
  while (start < end && (CLASSES[folded.codes[start] as number] ?? 0) & EDGE) {
    start += 1;
  }
  while (end > start && (CLASSES[folded.codes[end - 1] as number] ?? 0) & EDGE) {
    end -= 1;
  }
  let hasLetter = false;
  for (let index = start; index < end && !hasLetter; index += 1) {
    hasLetter = isLetterCode(folded.codes[index] as number);
  }
  // The separator goes first and comes off again if the word turns out empty.
  const separatorAt = out.codes.length > 0 ? out.codes.length : -1;
  if (separatorAt >= 0) {
    out.codes.push(word.afterPunctuation ? BAR : SPACE);
    out.offsets.push(0);
  }
  const wordStart = out.codes.length;
  let runCode = -1;
  let runLength = 0;
  for (let index = start; index < end; index += 1) {
    const value = folded.codes[index] as number;
    // Apostrophes inside a word, and the gaps inside a joined spelled-out word.
    if (!isWordCode(value)) {
      continue;
    }
    // A number stays a number ("1865", "07700"); only words with letters are decoded.
    const leet = hasLetter ? LEET[value] : undefined;
    const count = leet ? leet.length : hasLetter || isDigitCode(value) ? 1 : 0;
    for (let partIndex = 0; partIndex < count; partIndex += 1) {
      const part = leet ? (leet[partIndex] as number) : value;
      runLength = part === runCode ? runLength + 1 : 1;
      runCode = part;
      if (runLength === 3) {
        // The third of a kind: the stretch counts once, as an upper-case letter, so that a double
        // letter in a phrase matches it ("kiLL" -> "kiL" matches "kill") but "of" never matches "off".
        out.codes.pop();
        if (isLetterCode(part)) {
          out.codes[out.codes.length - 1] = part - 32;
        }
      }
      if (runLength >= 3) {
        out.offsets.length = out.codes.length;
        continue;
      }
      out.codes.push(part);
      out.offsets.push(folded.at[index] as number);
    }
  }
  if (separatorAt < 0) {
    return;
  }
  if (out.codes.length === wordStart) {
    out.codes.pop();
    out.offsets.pop();
  } else {
    out.offsets[separatorAt] = out.offsets[wordStart] as number;
  }
}

function canonicalText(folded: Folded, words: readonly Word[]): CanonicalText {
  const out: CanonicalBuilder = { codes: [], offsets: [] };
  for (const word of words) {
    appendWord(folded, word, out);
  }
  return { text: fromCodes(out.codes), codes: out.codes, offsets: out.offsets };
}

/** Joins runs of three or more one-character words ("k i l l", "s.t.u.p.i.d"); null when there are none. */
function joinSpelledOut(folded: Folded, words: readonly Word[]): Word[] | null {
  const isSpelled = (word: Word | undefined) =>
    word !== undefined && word.end - word.start === 1 && isWordCode(folded.codes[word.start] as number);
  const joined: Word[] = [];
  let changed = false;
  for (let index = 0; index < words.length;) {
    let end = index;
    while (isSpelled(words[end])) {
      end += 1;
    }
    if (end === index) {
      joined.push(words[index] as Word);
      index += 1;
      continue;
    }
    const run = words.slice(index, end);
    const letters = run.filter((word) => isLetterCode(folded.codes[word.start] as number)).length;
    if (run.length >= 3 && letters >= 2) {
      // The joined word spans the gaps too; appendWord skips what is not a word character.
      const first = run[0] as Word;
      const last = run[run.length - 1] as Word;
      joined.push({ start: first.start, end: last.end, afterPunctuation: first.afterPunctuation });
      changed = true;
    } else {
      joined.push(...run);
    }
    index = end;
  }
  return changed ? joined : null;
}

export interface Normalised {
  readonly folded: Folded;
  /** As written, then (when there are spelled-out words) with them joined. */
  readonly versions: readonly CanonicalText[];
}

/** Folds a message (already NFKC) and builds its canonical versions. */
export function normalise(source: string): Normalised {
  const folded = fold(source);
  const words = splitWords(folded);
  const versions = [canonicalText(folded, words)];
  const joined = joinSpelledOut(folded, words);
  if (joined) {
    versions.push(canonicalText(folded, joined));
  }
  return { folded, versions };
}

/** The canonical versions of a message that the lexicon is matched against (exported for tests). */
export function canonicalVersions(text: string): readonly CanonicalText[] {
  return normalise(text.normalize("NFKC")).versions;
}

/** A lexicon phrase in canonical form: the first version of its normalisation. */
export const canonicalPhrase = (phrase: string): string => normalise(phrase).versions[0]?.text ?? "";
