// Personal details given: phone numbers (also spelled out), postcodes, home addresses, emails,
// passwords, social media accounts, a school with when the child is alone. Looked for in the folded text
// with its digits and punctuation, before the normaliser joins words and decodes leetspeak. The asks
// (meetings, "send me ur number") are phrase rules in lexicon/personal-details.ts.

const PHONE_CANDIDATE = /(?<![\d+])(?:\+|00)?\s?\(?\d(?:[\s.\-()]{0,3}\d){6,14}(?!\d)/g;
/** A phone word shortly before a number makes shorter or foreign numbers count too. */
const PHONE_CONTEXT =
  /\b(?:number|no|phone|mobile|mob|call|text|ring|whatsapp|tel|cell|digits|contact|facetime)\b[^a-z\d]{0,3}(?:[a-z]+\s){0,3}$/;
const UK_NUMBER = /^0[1-37-9]\d{8,9}$/;

function findPhone(text: string): boolean {
  // "O77OO 9OO123": letter Os for zeros.
  const digitsText = text.replace(/o(?=[\s.-]?\d)|(?<=\d[\s.-]?)o/g, "0");
  for (const match of digitsText.matchAll(PHONE_CANDIDATE)) {
    const before = digitsText.slice(Math.max(0, match.index - 30), match.index);
    if (/isbn[\s:-]*$/.test(before)) {
      continue;
    }
    let digits = match[0].replace(/\D/g, "");
    const international = /^\s?(?:\+|00)/.test(match[0]);
    if (international && digits.startsWith("00")) {
      digits = digits.slice(2);
    }
    if (international && digits.startsWith("44")) {
      // +44 (0)20 ... -> 020 ...
      digits = `0${digits.slice(2).replace(/^0/, "")}`;
    } else if (international && digits.length >= 9) {
      return true;
    }
    if (UK_NUMBER.test(digits) || (digits.length >= 7 && PHONE_CONTEXT.test(before))) {
      return true;
    }
  }
  return false;
}

// Outward code (no Q/V/X first, no I/J/Z second) and inward code (no C/I/K/M/O/V letters).
// A one-letter area never has district 0 ("n0 0dz" is leetspeak, not a postcode).
const POSTCODE = /\b([a-pr-uwyz](?:[a-hk-y]\d|[1-9])[a-z\d]?) ?(\d[abd-hjlnp-uw-z]{2})\b/g;

function findPostcode(text: string): boolean {
  for (const match of text.matchAll(POSTCODE)) {
    // "w1 1st" is an ordinal, not a postcode.
    if (!/^\d(?:st|nd|rd|th)$/.test(match[2] ?? "")) {
      return true;
    }
  }
  return false;
}

const STREET_TYPES =
  "road|rd|street|st|avenue|ave|lane|ln|close|gardens|gdns|drive|dr|way|crescent|cres|place|pl|court|ct|crt|" +
  "terrace|grove|hill|park|square|sq|mews|walk|row|rise|green|parade|vale|view|wharf|yard|estate|passage|gate|" +
  "broadway|embankment|boulevard";
const HOUSE_AND_STREET = new RegExp(
  `(?:^|[^\\w£$.])(\\d{1,4}[a-z]?),?\\s+((?:[a-z][a-z'.-]*\\s+){1,3})(?:${STREET_TYPES})\\b`,
  "g",
);
/** Words that show the number counts something ("2 miles to the park"), not a house. */
const NOT_STREET_NAME = new Set(
  (
    "the a an to in of and on at my his her their our is was were are it for with from by up down into out over " +
    "miles mile times more big small little tall huge giant steep tiny long short dark scary years pages minutes " +
    "hours days people kids children boys girls dogs cats rabbits friends trees houses new different other tons " +
    "tonnes feet metres meters inches against every each all some any many few this that these those whole half " +
    "very so too then than when where which who what as or but if be been being has have had do did went go " +
    "going walked ran o clock am pm"
  ).split(" "),
);
const NUMBER_NOT_HOUSE =
  /\b(?:page|pages|chapter|chapters|year|years|age|aged|part|book|volume|level|lvl|no|number)\W*$/;
/** Addresses from the books that children ask about. */
const BOOK_ADDRESSES = /221\s?b,?\s+baker\s+st|\b7,?\s+sav[i1]lle?\s+row/g;
/** "I live on Baker Road": the word before the street type is its name, not "a" ("I live near a park"). */
const LIVE_ON_STREET = new RegExp(
  `\\b(?:i live|we live|my house is|my home is|i stay)\\s+(?:at|on|in|near|by)?\\s*(?:[a-z0-9'.-]+\\s+){0,10}?([a-z0-9'.-]+)\\s+(?:${STREET_TYPES})\\b`,
);
const MY_ADDRESS =
  /\bmy (?:home |house |full )?(?:address|adress|addy) (?:is|=|:)|\bmy (?:house|home) (?:number )?is (?:number |no\.? )?\d|\bi live at (?:number |no\.? )?\d/;
/** "im at 33 kingsway": a number after "I live at", unless it counts something ("im at 33 pages"). */
const AT_HOUSE_NUMBER =
  /\b(?:i live at|we live at|im at|i am at|i'm at|my house is at|come to|meet me at)\s+(?:number\s+|no\.?\s*)?\d{1,4}[a-z]?,?\s+([a-z]+)/;
const COUNT_WORDS = new Set(
  "page pages chapter chapters percent points minutes mins hours words books stars degrees years km miles metres the a on in and".split(
    " ",
  ),
);

function findAddress(rawText: string): boolean {
  const text = rawText.replace(BOOK_ADDRESSES, "");
  const streetName = LIVE_ON_STREET.exec(text)?.[1];
  if (MY_ADDRESS.test(text) || (streetName && !NOT_STREET_NAME.has(streetName))) {
    return true;
  }
  const atNumber = AT_HOUSE_NUMBER.exec(text);
  if (atNumber && !COUNT_WORDS.has(atNumber[1] ?? "")) {
    return true;
  }
  for (const match of text.matchAll(HOUSE_AND_STREET)) {
    const name = (match[2] ?? "").trim().split(/\s+/);
    const before = text.slice(Math.max(0, match.index - 20), match.index + 1);
    if (name.every((word) => !NOT_STREET_NAME.has(word.replace(/[^a-z]/g, ""))) && !NUMBER_NOT_HOUSE.test(before)) {
      return true;
    }
  }
  return false;
}

// Both start only where a name starts (the lookbehind), so a long run of letters stays linear.
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/;
const SPELLED_EMAIL =
  /(?<![a-z0-9._-])[a-z0-9._-]{2,}\s*(?:\(at\)|\[at\]|\sat\s)\s*[a-z0-9-]+\s*(?:\.|\(dot\)|\[dot\]|\sdot\s)\s*(?:com|co|net|org|uk|io)\b/;
const PASSWORD =
  /\bmy (?:password|pass word|passcode|pass|pin|pin code|pw|pwd|login|log in)(?: for [a-z]+| on [a-z]+)? (?:is|=|:|was)\b|\b(?:password|passcode|pw|pwd)\s*[:=]\s*\S|\bpass\s*[:=]\s*[a-z]*\d[a-z0-9]*\b|\blogin\s*:\s*[a-z._]+\d+\s+pass\b/;
const PLATFORMS =
  "snap|snapchat|sc|insta|instagram|ig|tiktok|tik tok|discord|roblox|fortnite|xbox|psn|playstation|whatsapp|" +
  "facebook|fb|twitter|youtube|minecraft|telegram|kik|steam|twitch|bereal|threads";
const ADD_ME_ON = new RegExp(
  `\\b(?:add|follow|dm|message|msg|friend|text|hmu|hit me up|find|snap|sc|chat to) me (?:on|at|@|its)\\s?(?:${PLATFORMS})\\b`,
);
/** "my snap is jess_x12": the word after "is" must look like a name, not "my username is ON the sheet". */
const MY_HANDLE = new RegExp(
  `\\bmy (?:${PLATFORMS}|gamer ?tag|username|user name|user|handle|account|acc|@)(?: name| username| user| tag| id| handle| account| acc)? (?:is|=|:|@|its)\\s*@?([a-z0-9_.#-]{3,})`,
);
const NOT_A_HANDLE = new Set("the on in at not my your a an same what secret private this that".split(" "));
const ADD_ME_HANDLE = /\b(?:add|follow) me\b[^.!?\n]{0,30}(?:@[a-z0-9_.]{3,}|\b[a-z]+_[a-z0-9_]+|\b[a-z]+\d{2,}\b)/;
const HANDLE_ON_PLATFORM = new RegExp(
  `@[a-z0-9_.]{3,}[^.!?\\n]{0,30}\\b(?:${PLATFORMS})\\b|\\b(?:${PLATFORMS})\\b[^.!?\\n]{0,20}@[a-z0-9_.]{3,}`,
);

/** Cheap tests first: most messages have no digits, no "@" and none of these words. */
const DIGITS = /\d/g;
const SPELLED_EMAIL_HINT = /\b(?:at|dot)\b|\((?:at|dot)\)|\[(?:at|dot)\]/;
const ADDRESS_HINT = /\b(?:live|lives|address|adress|addy|house|home|im at|i am at|come to|meet me at)\b/;
const PASSWORD_HINT = /\b(?:pass|password|passcode|pin|pw|pwd|login|log in)\b/;
const HANDLE_HINT = new RegExp(`@|\\b(?:add|follow|my|hmu|find|dm|msg|message|friend|text|snap|sc|chat)\\b`);

/** Digits written as words: "zero seven seven...", "oh seven double nine". */
const DIGIT_WORDS: Readonly<Record<string, string>> = {
  zero: "0",
  oh: "0",
  o: "0",
  nought: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
const DIGIT_WORD = "(?:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine|double|triple|\\d)";
const SPELLED_NUMBER = new RegExp(`\\b${DIGIT_WORD}(?:[\\s,.-]+${DIGIT_WORD}){6,}\\b`, "g");
const SPELLED_NUMBER_HINT = /\b(?:zero|oh|o|nought|seven)\b/;

/** A phone number written out in words, read back as digits ("double seven" is "77"). */
function findSpelledPhone(text: string): boolean {
  for (const match of text.matchAll(SPELLED_NUMBER)) {
    let digits = "";
    let repeat = 1;
    for (const word of match[0].split(/[\s,.-]+/)) {
      if (word === "double" || word === "triple") {
        repeat = word === "double" ? 2 : 3;
        continue;
      }
      digits += (DIGIT_WORDS[word] ?? word).repeat(repeat);
      repeat = 1;
    }
    const before = text.slice(Math.max(0, match.index - 30), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 30);
    if (
      UK_NUMBER.test(digits) ||
      (digits.length >= 7 && (PHONE_CONTEXT.test(before) || /\b(?:number|phone|mobile|cell|num)\b/.test(after)))
    ) {
      return true;
    }
  }
  return false;
}

/** "I go to Greenfield Primary ... I walk home on my own": where to find a child, and when they are alone. */
const MY_SCHOOL =
  /\bi(?: go to| goes to| attend| am at|m at|'m at| am in year \d+ at|m in year \d+ at|m year \d+ at| am year \d+ at|'m in year \d+ at|'m year \d+ at) (?!a |the |my |school\b)[a-z'-]+(?: [a-z'-]+){0,2} (?:primary|secondary|academy|high|junior|juniors|infants|grammar|college|school|prep)\b/;
const ROUTE_OR_ALONE =
  /\b(?:walk|walks|walking|cycle|bike|get the bus|go) (?:home|to school|back)\b|\bon my own\b|\bby myself\b|\bhome alone\b|\bthe way home\b|\bpick me up\b|\b(?:finish|leave) at \d/;
/** "my login for the reading app is mia.k and the password is ...". */
const LOGIN =
  /\bmy (?:login|log in|username|user name|password|passcode|pin)(?: (?:for|on|to) (?:the |my )?[a-z]+(?: [a-z]+){0,2})? (?:is|=|:|was)\b|\b(?:the |my )?(?:password|passcode|pin) (?:is|was|=|:) ?[a-z._]*\d/;

export interface PersonalDetail {
  readonly ruleId: string;
  /** The teacher-facing reason. */
  readonly reason: string;
}

const detail = (ruleId: string, reason: string): PersonalDetail => ({ ruleId, reason });

/**
 * What personal detail the text shares, or null. `text` is the message folded (normalise.ts: lower
 * case, look-alikes, no diacritics) with its digits and punctuation.
 */
export function findPersonalDetails(text: string): PersonalDetail | null {
  const digits = text.match(DIGITS)?.length ?? 0;
  if (digits >= 7 && findPhone(text)) {
    return detail("personal-phone", "Shares a phone number");
  }
  if (SPELLED_NUMBER_HINT.test(text) && findSpelledPhone(text)) {
    return detail("personal-phone-spelled", "Shares a phone number");
  }
  if (MY_SCHOOL.test(text) && ROUTE_OR_ALONE.test(text)) {
    return detail("personal-school-alone", "Shares their school and when they are alone");
  }
  if ((text.includes("@") && EMAIL.test(text)) || (SPELLED_EMAIL_HINT.test(text) && SPELLED_EMAIL.test(text))) {
    return detail("personal-email", "Shares an email address");
  }
  if (digits >= 2 && findPostcode(text)) {
    return detail("personal-postcode", "Shares a postcode");
  }
  if ((digits > 0 || ADDRESS_HINT.test(text)) && findAddress(text)) {
    return detail("personal-address", "Shares a home address");
  }
  if (PASSWORD_HINT.test(text) && (PASSWORD.test(text) || LOGIN.test(text))) {
    return detail("personal-password", "Shares a password");
  }
  if (!HANDLE_HINT.test(text)) {
    return null;
  }
  const handle = MY_HANDLE.exec(text)?.[1];
  if (
    ADD_ME_ON.test(text) ||
    (handle && !NOT_A_HANDLE.has(handle)) ||
    ADD_ME_HANDLE.test(text) ||
    HANDLE_ON_PLATFORM.test(text)
  ) {
    return detail("personal-account", "Shares a social media account");
  }
  return null;
}
