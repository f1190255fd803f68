// What the rule files (one per taxonomy category) share: the little language they are written in,
// and the people and pronouns that several categories need.
//
// How to read a phrase (matching is case-blind and leetspeak-blind, see ../normalise.ts):
// - a letter stretched to three or more in the message counts as one ("stuuupid" is "stupid") or,
//   for a double letter in a phrase, as two ("killllll" is "kill"); "kil" is not "kill" (nor "of" "off");
// - a space is optional in the message ("kill urself" also matches "killurself");
// - "_" is a space that must be there ("f_u", so "kung fu" stays clean);
// - apostrophes are dropped on both sides ("you're" is "youre");
// - "you", "your", "are"... also match their text-speak "u", "ur", "r" (see TEXT_SPEAK).
//
// The guiding rule, because children discuss dark stories all the time: a word alone ("kill", "die",
// "hate", "stupid") flags nothing. It takes a person: "I'm going to kill YOU", "I want to kill
// MYSELF", "YOU are stupid", "MY DAD hits ME". Narrative questions about characters ("Who killed the
// giant?", "Is Heathcliff cruel?") therefore pass. Only slurs, explicit sexual words and swearing
// (../swearing.ts) flag on their own.

import type { ModerationCategory } from "../../taxonomy.js";
import type { LexiconRule, Sequence, Slot, SwearMark } from "../engine.js";

/** A word list written as one string: phrases separated by commas, wrapped freely. */
export const list = (phrases: string): string[] =>
  phrases
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter(Boolean);

export type SlotInput = Slot | readonly string[];

/** Text-speak spellings, so each phrase need only be written once: "are you alone" -> "r u alone". */
const TEXT_SPEAK: Readonly<Record<string, string>> = {
  you: "u",
  your: "ur",
  yourself: "urself",
  // The space before "r" must be there: "you r" run together is "your".
  are: "_r",
};
/** Every mix of written-out and text-speak words: "are you alone", "r u alone", "are u alone"... */
function spellings(phrase: string): string[] {
  return phrase.split(" ").reduce<string[]>(
    (variants, word) => {
      const short = TEXT_SPEAK[word];
      return variants.flatMap((variant) => {
        const joined = (next: string) =>
          !variant ? next.replace(/^_/, "") : next.startsWith("_") ? variant + next : `${variant} ${next}`;
        return short ? [joined(word), joined(short)] : [joined(word)];
      });
    },
    [""],
  );
}
export const textSpeak = (...lists: (readonly string[])[]): string[] => [...new Set(lists.flat().flatMap(spellings))];

const toSlot = (slot: SlotInput): Slot => ("kind" in slot ? slot : { kind: "one", phrases: textSpeak(slot) });
/** Slots in a row; a plain list is one phrase of it (with its text-speak spellings). */
export const seq = (...slots: SlotInput[]): Sequence => slots.map(toSlot);
export const opt = (...lists: (readonly string[])[]): Slot => ({ kind: "optional", phrases: textSpeak(...lists) });
export const fill = (...lists: (readonly string[])[]): Slot => ({ kind: "filler", phrases: textSpeak(...lists) });
export const stem = (...lists: (readonly string[])[]): Slot => ({ kind: "stem", phrases: lists.flat() });
export const notFollowedBy = (...lists: (readonly string[])[]): Slot => ({
  kind: "notFollowedBy",
  phrases: lists.flat(),
});
export const gap = (max: number): Slot => ({ kind: "gap", max });
export const anyWordExcept = (...except: string[]): Slot => ({ kind: "word", except });
export const notPrecededBy = (...lists: (readonly string[])[]): Slot => ({
  kind: "notPrecededBy",
  phrases: lists.flat(),
});
export const CLAUSE_END: Slot = { kind: "clauseEnd" };
/** The clause ends here and only a tag ("lol") may follow. */
export const CLAUSE_END_STRICT: Slot = { kind: "clauseEnd", strict: true };
export const CLAUSE_START: Slot = { kind: "clauseStart" };
/** A word that the swearing matcher found (../swearing.ts): any, or only of one kind. */
export const swear = (of: SwearMark | "any" = "any"): Slot => ({ kind: "swear", of });

export const rule = (
  id: string,
  category: ModerationCategory,
  severity: LexiconRule["severity"],
  label: string,
  ...sequences: Sequence[]
): LexiconRule => ({ id, category, severity, label, sequences, skipReportedSpeech: category !== "sexual" });
/** A rule that is a plain list of words or phrases. */
export const words = (...lists: (readonly string[])[]): Sequence => seq(lists.flat());

// ---------------------------------------------------------------------------------------------------
// Clauses

/** What may follow an insult that is a whole message: "loser lol". */
export const CLAUSE_TAGS = list(`
  lol, lmao, lmfao, haha, hahaha, hehe, xd, x, xx, jk, lool, loser, idiot
`);
/**
 * Words that may follow an insult when the clause goes on: "ur so dumb LOL", "ur ugly AND fat", "ur
 * stupid WHY did u say that". A noun instead ("your baby SISTER") means a possessive, not an insult.
 */
export const CLAUSE_CONTINUATIONS = list(`
  lol, lmao, lmfao, haha, hahaha, hehe, xd, x, xx, jk, fr, tbh, ngl, idk, omg, ffs, and, but, so, or, because, cos,
  coz, bc, cuz, then, too, as, af, asf, aswell, innit, bro, bruv, mate, m8, fam, man, dude, kid, boy, girl, tho,
  though, seriously, i, im, you, u, ur, youre, he, she, they, we, it, its, no, not, never, nobody, everyone, why,
  what, how, who, when, where, can, cant, do, dont, is, isnt, are, arent, was, will, wont, should, shud, have, has,
  get, go, just, stop, shut, leave, face, head, at, to, ever, honestly, literally, again, now, lmaoo, fr fr, period
`);

// ---------------------------------------------------------------------------------------------------
// You

/** "You are" with no doubt about it. */
export const YOU_ARE = list(`
  you are, youre, you_r, u_r, u are, ure, you is, u is, yous are, you all are, yall are
`);
/** "ur"/"your" also mean "your": "ur stupid!" is an insult, "your stupid brother" is not (a clause end follows). */
export const YOUR_OR_YOU_ARE = ["ur", "your", "yur", "yer", "yor"];
/** "You" right before an insult: "you idiot", "u fat pig". */
export const BARE_YOU = ["you", "u", "ya", "yu"];

// ---------------------------------------------------------------------------------------------------
// The child

export const MYSELF = ["myself", "my self", "meself", "me self", "mysefl", "mself"];
export const I_SUBJECT = ["i", "im", "ive", "id", "ill", "i am", "i have", "i m"];
/** Adverbs and hedges around a first-person wish: "i REALLY JUST want to die". */
export const FIRST_PERSON_ADVERBS = list(`
  really, just, honestly, actually, kinda, kind of, lowkey, literally, sometimes, often, always, still, seriously, so,
  feel like, think i, think ill, think im, i, am, m, ve, have, been, like, a lot, already, almost, im, now, tonight,
  today, every day, sometimes, feel, felt, feeling, and, sad, empty, lonely, alone, tired, numb, depressed, down,
  awful, horrible, upset, hopeless, rn, right now, tbh, ngl, that, so sad, so tired, so done, done
`);
/** "I'm being bullied", "I was abused". */
export const I_AM_BEING = list(`
  i am, im, i was, i get, i got, i keep getting, i have been, ive been, i been, i keep being, i always get
`);
export const BEING = ["being", "getting", "always", "still", "really", "sexually", "physically"];

// ---------------------------------------------------------------------------------------------------
// Other people

/** "Nobody would miss me", "no one cares about me". */
export const NOBODY = ["nobody", "no one", "noone", "no1", "no body", "not one person"];
export const SOMEONE = list(`
  someone, somebody, a person, a human, people, a teacher, my teacher, the teacher, a kid, a child, my sister,
  my brother, my mum, my dad, a girl, a boy, him, her, them, my stepdad, my classmate
`);
/** Who might harm a child, as the child would name them. */
export const ABUSER = list(`
  my dad, my daddy, my mum, my mummy, my mom, my mam, my mother, my father, my stepdad, my step dad, my stepmum,
  my step mum, my stepmom, my step mom, my mums boyfriend, my mums bf, my mums partner, my dads girlfriend,
  my dads gf, my dads partner, my uncle, my aunt, my auntie, my brother, my big brother, my sister, my big sister,
  my cousin, my grandad, my granddad, my grandpa, my grandma, my nan, my nana, my gran, my parents, my carer,
  my foster mum, my foster dad, my foster carer, my babysitter, my neighbour, my neighbor, my tutor, my coach,
  my teacher, a teacher, my mums friend, my dads friend, my family, he, she, they, someone, somebody, some one, a man,
  a boy, a girl, an older boy, an older girl, older boys, a stranger, this man, this guy, a guy, some guy, some man,
  some boys, some girls, an adult, a grown up, a lady, a woman, people, some people, everyone, everybody, the kids,
  kids, these boys, these girls, those boys, those girls, kids at school, people at school, people in my class,
  everyone in my class, my friends, older kids, a gang
`);
/** Filler between the person and what they do: "my dad ALWAYS hits me". */
export const ABUSE_FILLER = list(`
  always, keeps, kept, sometimes, still, often, really, also, even, then, just, has, had, got, used to, will, would,
  is, was, are, were, again, every day, every night, when hes drunk, when shes drunk, when hes angry, when shes angry,
  and
`);
export const HOME_ADULTS = list(`
  mums boyfriend, mums bf, mums partner, moms boyfriend, dads girlfriend, dads gf, stepdad, step dad, stepmum,
  step mum, dad, mum, mom, my dad, my mum, my mom, my parents, my uncle, my carer, my foster
`);
/** A friend or sibling at risk is a risk to a child too. */
export const MY_FRIEND = list(`
  my friend, my mate, my best friend, my bestie, my bff, my sister, my brother, my cousin, my girlfriend,
  my boyfriend, my classmate, a girl in my class, a boy in my class, someone in my class
`);
/** "I'm gonna beat you AT CHESS", "kill you IN FORTNITE": games, not threats. */
export const GAME_CONTEXT = list(`
  at chess, at football, at fortnite, at minecraft, at roblox, at this game, at the game, at games, at reading,
  at maths, at math, at spelling, at monopoly, at cards, at uno, at tennis, at running, at everything, at it, at this,
  at that, at sport, at sports, at the quiz, at the test, in a race, in the race, in a game, in the game, in game,
  in fortnite, in minecraft, in roblox, in cod, in gta, on fortnite, on minecraft, on roblox, on the xbox, on xbox,
  on the ps5, on ps5, on the switch, in a pillow fight, in a snowball fight, with a pillow, with pillows,
  with snowballs, in a water fight, at tag
`);
