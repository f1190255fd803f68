// Word lists and phrase rules for the moderation classifier (classifier.ts). Data only: the classifier
// normalises both these phrases and the message the same way (lower case, look-alikes, leetspeak,
// spelled-out letters), and reads "1" as i or l.
//
// How to read a phrase (matching is case-blind and leetspeak-blind):
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
// giant?", "Is Heathcliff cruel?") therefore pass. Only slurs, explicit sexual words and strong
// swearing flag on their own.
//
// Swearing: a children's service flags strong swearing (fuck, shit, cunt, bitch, wanker...) as
// bullying_hate at low severity when nobody is targeted, and high when it is aimed at someone
// ("fuck you"). Mild words (damn, hell, crap, bloody) and abbreviations (wtf, omg, ffs) are not
// flagged: they are everywhere in children's writing and in the books themselves.

import type { ModerationCategory } from "./text-moderator.js";

/** A word list written as one string: phrases separated by commas, wrapped freely. */
const list = (phrases: string): string[] =>
  phrases
    .split(",")
    .map((phrase) => phrase.trim().replace(/\s+/g, " "))
    .filter(Boolean);

/** One position in a phrase rule. */
export type Slot =
  | { readonly kind: "one"; readonly phrases: readonly string[] }
  | { readonly kind: "optional"; readonly phrases: readonly string[] }
  /** Any number of whole words from the list ("i REALLY JUST want to die"): keep such lists to small words. */
  | { readonly kind: "filler"; readonly phrases: readonly string[] }
  /** Up to `max` words of any kind, within the clause ("my mum SAYS IM WORTHLESS AND hits me"). */
  | { readonly kind: "gap"; readonly max: number }
  /** Any one word except these (a name: "I'll beat JAKE up"). */
  | { readonly kind: "word"; readonly except: readonly string[] }
  /** The phrase followed by any letters ("fuck" covers "fucking", "fucker"). */
  | { readonly kind: "stem"; readonly phrases: readonly string[] }
  /** The match must not continue with one of these ("send me pics" but not "...pics of the rabbit"). */
  | { readonly kind: "notFollowedBy"; readonly phrases: readonly string[] }
  /** The match must not come straight after one of these ("after YOU'RE DEAD" is not a threat). */
  | { readonly kind: "notPrecededBy"; readonly phrases: readonly string[] }
  /**
   * The clause must end here: the message ends, punctuation follows, or one of CLAUSE_CONTINUATIONS
   * (`strict`: only "lol" and the like). Tells "your stupid!" (an insult) from "your stupid brother" or
   * "your baby sister" (possessives).
   */
  | { readonly kind: "clauseEnd"; readonly strict?: boolean }
  /** The match must start the message or follow punctuation: "Idiot!" on its own is aimed at someone. */
  | { readonly kind: "clauseStart" };

export type SlotInput = Slot | readonly string[];
export type Sequence = readonly Slot[];

export interface LexiconRule {
  readonly id: string;
  readonly category: ModerationCategory;
  readonly severity: "low" | "high" | "urgent";
  /** Start of the teacher-facing reason; the classifier appends the words it matched. */
  readonly label: string;
  /** Every sequence must match somewhere in the message; the first is quoted in the reason. */
  readonly sequences: readonly Sequence[];
  /**
   * Skip a match that is reported speech from a story: "Why does the monster SAY nobody loves me?",
   * "'I'll kill you,' SAID Silver". "I said I want to die" still counts.
   */
  readonly skipReportedSpeech: boolean;
}

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
const textSpeak = (...lists: (readonly string[])[]): string[] => [...new Set(lists.flat().flatMap(spellings))];

const toSlot = (slot: SlotInput): Slot => ("kind" in slot ? slot : { kind: "one", phrases: textSpeak(slot) });
const seq = (...slots: SlotInput[]): Sequence => slots.map(toSlot);
const opt = (...lists: (readonly string[])[]): Slot => ({ kind: "optional", phrases: textSpeak(...lists) });
const fill = (...lists: (readonly string[])[]): Slot => ({ kind: "filler", phrases: textSpeak(...lists) });
const stem = (...lists: (readonly string[])[]): Slot => ({ kind: "stem", phrases: lists.flat() });
const notFollowedBy = (...lists: (readonly string[])[]): Slot => ({ kind: "notFollowedBy", phrases: lists.flat() });
const gap = (max: number): Slot => ({ kind: "gap", max });
const anyWordExcept = (...except: string[]): Slot => ({ kind: "word", except });
const notPrecededBy = (...lists: (readonly string[])[]): Slot => ({ kind: "notPrecededBy", phrases: lists.flat() });
const CLAUSE_END: Slot = { kind: "clauseEnd" };
const CLAUSE_START: Slot = { kind: "clauseStart" };

const rule = (
  id: string,
  category: ModerationCategory,
  severity: LexiconRule["severity"],
  label: string,
  ...sequences: Sequence[]
): LexiconRule => ({ id, category, severity, label, sequences, skipReportedSpeech: category !== "sexual" });
/** A rule that is a plain list of words or phrases. */
const words = (...lists: (readonly string[])[]): Sequence => seq(lists.flat());

// ---------------------------------------------------------------------------------------------------
// People

/** "You are" with no doubt about it. */
const YOU_ARE = list(`
  you are, youre, you_r, u_r, u are, ure, you is, u is, yous are, you all are, yall are
`);

/** "ur"/"your" also mean "your": "ur stupid!" is an insult, "your stupid brother" is not (a clause end follows). */
const YOUR_OR_YOU_ARE = ["ur", "your", "yur", "yer", "yor"];

/** After these, "your" is "you're": "your A loser", "your SO dumb". */
const NOT_POSSESSIVE = list(`
  a, an, so, such, such a, such an, really, rly, very, proper, literally, actually, the biggest, the most, being,
  being a, just a, just so, too, always, always so, kinda, lowkey
`);

/** "You" right before an insult: "you idiot", "u fat pig". */
const BARE_YOU = ["you", "u", "ya", "yu"];
/** Adjectives allowed between a bare "you" and the insult: "you STUPID idiot". */
const BARE_YOU_ADJECTIVES = list(`
  stupid, fat, little, ugly, dirty, big, fucking, fking, smelly, absolute, complete, total, dumb, useless, pathetic,
  disgusting, bloody
`);

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

/** Words between "you are" and the insult: "you're SUCH A BIG fat idiot". */
const INTENSIFIERS = list(`
  so, such, a, an, rly, really, very, proper, total, complete, absolute, massive, big, fat, little, stupid, dumb,
  ugly, fucking, fking, fkn, freaking, bloody, literally, just, the biggest, actually, like, being, the most, a bit,
  kind of, kinda, lowkey, always, still, the, dirty, disgusting, ugly, smelly
`);

// ---------------------------------------------------------------------------------------------------
// self_harm_risk (always urgent): a child at risk, in their own words.

const MYSELF = ["myself", "my self", "meself", "me self", "mysefl", "mself"];

/** Acts that are about the child whenever they are followed by "myself". */
const SELF_HARM_ACTS = list(`
  kill, kil, killing, killed, stab, stabbing, shoot, hang, hanging, drown, drowning, poison, starve, starving, cut,
  cutting, cuts, burn, burning, harm, harming, unalive, unaliving, strangle, suffocate, punish, scratching, bite,
  biting, hit, hitting, punch, punching, hurting, hurted
`);

const SELF_HARM_WORDS = list(`
  kms, k m s, self harm, self harming, self harmed, self harmer, self injury, self injure, selfharm, end my life,
  ending my life, end my own life, take my life, take my own life, taking my own life, sewerslide, sewer slide,
  unalive me, cut my wrist, cut my wrists, cutting my wrists, slit my wrists, cut my arm, cut my arms,
  cutting my arms, cut my legs, cut my thighs, cutting my legs, my suicide note, a suicide note for,
  wrote a suicide note, my scars from cutting, make myself sick, make myself throw up, making myself sick,
  making myself throw up, stop eating so i, starve myself, never wake up again, and never wake up, and not wake up,
  go to sleep forever, sleep forever and, want to sleep forever, till they bleed, until they bleed, til they bleed,
  till it bleeds, until it bleeds, make myself bleed, till i bleed, until i bleed, cuts on my arms, cuts on my legs,
  cuts on my wrists, cuts on my thighs, scars on my arms, scars on my wrists, scars on my legs, marks on my arms from,
  burns on my arms, self inflicted
`);

const I_SUBJECT = ["i", "im", "ive", "id", "ill", "i am", "i have", "i m"];

/** Adverbs and hedges around a first-person wish: "i REALLY JUST want to die". */
const FIRST_PERSON_ADVERBS = list(`
  really, just, honestly, actually, kinda, kind of, lowkey, literally, sometimes, often, always, still, seriously, so,
  feel like, think i, think ill, think im, i, am, m, ve, have, been, like, a lot, already, almost, im, now, tonight,
  today, every day, sometimes, feel, felt, feeling, and, sad, empty, lonely, alone, tired, numb, depressed, down,
  awful, horrible, upset, hopeless, rn, right now, tbh, ngl, that, so sad, so tired, so done, done
`);

/** Wishing to die, as opposed to "I'm gonna die of boredom" or "I would die for her". */
const WISH_TO = list(`
  want to, wanna, wana, want 2, wnt to, wan to, wish i could, wish i would, would rather, deserve to, should just,
  need to, wanted to, ready to, would like to, wish to, want it all to end and, feel like, felt like, wish i was,
  wish i could just
`);
const DEATH = list(`
  die, be dead, not be alive, not be alive anymore, not exist, stop existing, disappear forever, not wake up,
  never wake up, sleep forever, be gone forever, not be here anymore, dying, go to sleep and never wake up,
  sleep and never wake up, fall asleep and never wake up, go to sleep forever, not be here, be gone, disappear,
  vanish forever, stop living, stop breathing
`);

/** Intent to act: the wishes plus plans and attempts. */
const INTEND_TO = [
  ...WISH_TO,
  "going to",
  "gonna",
  "gunna",
  "gona",
  "goin to",
  "plan to",
  "planning to",
  "planning on",
  "thinking about",
  "thinking of",
  "think about",
  "thought about",
  "tried to",
  "try to",
  "trying to",
  "attempted to",
  "attempt to",
  "about to",
  "will",
  "might",
  "keep thinking about",
  "have tried to",
  "want to just",
];
const SELF_HARM_PLANS = list(`
  end it, end it all, end everything, end my life, give up on life, jump off a bridge, jump off the bridge,
  jump off a building, jump off the roof, jump in front of a train, jump in front of a car, walk into traffic,
  overdose, take all the pills, take all my pills, commit suicide, do suicide, suicide, hurt myself, hurting myself,
  hurt my self, harm myself, starve myself, run away and never come back, ending it, ending it all, ending my life,
  ending everything, hurting my self, overdosing, taking all the pills, taking all my pills, committing suicide,
  jumping off a bridge, jumping off the bridge, jumping off a building, jumping in front of a train, starving myself,
  cutting again, cutting myself again
`);
const SUICIDAL_FILLER = [
  ...FIRST_PERSON_ADVERBS,
  "feel",
  "feeling",
  "felt",
  "get",
  "getting",
  "been",
  "am",
  "was",
  "having",
  "had",
  "have",
];

const RISK_STATEMENTS = list(`
  let me die, i wish i could just die, i wish i was dead, i wish i were dead, i wish i was never born,
  i wish i wasnt born, i wish i had never been born, i wish i didnt exist, i wish i was gone, i wish i could die,
  i wish i wasnt alive, i wish i wasnt here, i dont want to be alive, i dont wanna be alive,
  i dont want to live anymore, i dont want to live any more, i dont wanna live anymore, i dont want to live like this,
  i dont want to exist, i dont wanna exist, i dont want to be here anymore, i dont wanna be here anymore,
  i dont want to wake up, i dont wanna wake up, i dont want to be on this earth, i dont want to be alive anymore,
  i do not want to be alive, i do not want to live, i hate my life, i hate my self, i hate myself, i hate being alive,
  i hate being me, im worthless, i am worthless, i feel worthless, im a burden, i am a burden, i feel like a burden,
  im such a burden, i feel hopeless, im hopeless at life, i have nothing to live for, ive got nothing to live for,
  nothing to live for, no reason to live, no reason to be alive, no point living, no point in living,
  no point in being alive, no point in life, whats the point of living, whats the point in living,
  whats the point of life, whats the point of me, whats the point in me, life isnt worth living,
  life is not worth living, my life is not worth living, my life is pointless, life is pointless,
  i cant go on anymore, i cant take it anymore, i cant do this anymore, i cant cope anymore, i give up on life,
  i want it all to end, i want it to end, i want everything to end, i want to go to sleep and never wake up,
  better off without me, better without me, happier without me, better off if i was dead, better off if i wasnt here,
  better off if i was gone, better off if i died, im better off dead, id be better off dead,
  i would be better off dead, i am better off dead, nobody would notice if i was gone,
  no one would notice if i was gone, nobody would notice if i died, im done with life, i am done with life,
  done with my life, so done with life, im done with living, im done with everything, i want out of this life,
  i give up on everything, i cant live like this, i cant live like this anymore, i dont wanna be here no more,
  i dont want to be here no more, everyone hates me, everybody hates me, the whole class hates me,
  everyone at school hates me, my whole family hates me, my parents hate me, my mum hates me, my dad hates me,
  i cant go on like this, i cant go on any longer, i just cant go on, i cant cope with life,
  i cant cope with anything, dont see why i should keep living, dont see why i should live, why should i even live,
  why should i keep living, no reason to keep living, i dont want to keep living, i cant keep living like this,
  whats the point in carrying on, whats the point in going on
`);

/** "Nobody would miss me", "no one cares about me". */
const NOBODY = ["nobody", "no one", "noone", "no1", "no body", "not one person"];
const NOBODY_CARES_ABOUT_ME = list(`
  miss me, care if i died, care if i was gone, care if im gone, care if i disappeared, care if i wasnt here,
  cares if i die, cares if i died, notice if i was gone, notice if i died, notice if i disappeared, be sad if i died,
  cry if i died, care about me, cares about me, loves me, love me, likes me, wants me, wants me around, needs me,
  care if i was dead, care if i killed myself, notice if i was dead, miss me if i died, miss me if i was gone,
  care if i wasnt alive
`);

/** Who might harm a child, as the child would name them. */
const ABUSER = list(`
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
const ABUSE_FILLER = list(`
  always, keeps, kept, sometimes, still, often, really, also, even, then, just, has, had, got, used to, will, would,
  is, was, are, were, again, every day, every night, when hes drunk, when shes drunk, when hes angry, when shes angry,
  and
`);

const ABUSE_ACTS = list(`
  hits me, hit me, hitting me, beats me, beat me, beating me, beats me up, beat me up, beating me up, punches me,
  punched me, kicks me, kicked me, slaps me, slapped me, smacks me, smacked me, hurts me, hurt me, hurting me,
  chokes me, choked me, strangles me, strangled me, burns me, burnt me, burned me, abuses me, abused me, abusing me,
  touches me, touched me, touching me, rapes me, raped me, molested me, makes me touch, made me touch,
  makes me do things, made me do things, made me do stuff, made me watch, makes me watch, showed me his,
  showed me her, showed me pictures, sent me pictures, sent me pics, sent me nudes, sent me a picture of his,
  sent me photos, asked for pics, asked me for pics, asked me for nudes, asked me for pictures, asked me for photos,
  asked me to send, wants me to send, keeps asking me for, asked me to meet, asked to meet me, wants to meet me,
  wants me to meet, wants to meet up with me, told me to keep it secret, told me to keep it a secret,
  said its our secret, said it was our secret, said its our little secret, told me not to tell, says not to tell,
  said not to tell, said i cant tell, threatens me, threatened me, threatened to hurt me, threatened to kill me,
  says hell kill me, said hed kill me, said he would kill me, said she would kill me, locks me in, locked me in,
  locks me out, locked me out, locks me up, locked me up, starves me, doesnt feed me, dont feed me, wont feed me,
  doesnt give me food, throws things at me, threw things at me, bullies me, bully me, bullied me, bullying me,
  picks on me, pick on me, follows me home, followed me home, took pictures of me, takes pictures of me,
  took photos of me, takes photos of me, filmed me, films me, grabbed me, grabs me, pushed me down the stairs,
  drags me, dragged me, touches my private parts, touches my privates, touches my private, touches my body,
  touches my bum, touches my chest, touches my boobs, touches my legs, touches my leg, touches my willy,
  touched my private parts, touched my privates, touched my private, touched my body, touched my bum,
  touched my chest, touched my boobs, touched my legs, touched my leg, touched my willy, touching my private parts,
  touching my privates, touching my private, touching my body, touching my bum, touching my chest, touching my boobs,
  touching my legs, touching my leg, touching my willy, touch my private parts, touch my privates, touch my private,
  touch my body, touch my bum, touch my chest, touch my boobs, touch my legs, touch my leg, touch my willy,
  touched me there, touched me down there, touches me there, tried to touch me, tries to touch me, is hurting me,
  wants to hurt me, is going to hurt me, gonna hurt me, will hurt me, wants to kill me, is abusing me,
  does things to me, did things to me, does stuff to me, did stuff to me, does bad things to me, did bad things to me,
  does things to my body, makes me keep secrets, made me keep it secret, hurts me at night,
  comes into my room at night, comes in my room at night, gets in my bed, following me home, following me everywhere,
  is stalking me, stalks me, made me send, makes me send, made me take, makes me take, forced me, forces me,
  pressured me to send, pressures me to, hit my mum, hits my mum, beats my mum, hurts my mum, hit my mum and me,
  hits my mum and me, hits us, hit us, beats us, hurts us, hurt us, hits my sister, hits my brother
`);

/** "I'm being bullied", "I was abused". */
const I_AM_BEING = list(`
  i am, im, i was, i get, i got, i keep getting, i have been, ive been, i been, i keep being, i always get
`);
const HARMED_STATES = list(`
  abused, beaten, beaten up, beat up, bullied, raped, molested, groomed, hurt at home, locked in my room, locked in,
  threatened, stalked, harassed, jumped, stabbed, mugged, blackmailed, touched inappropriately, touched down there,
  touched in my private parts, kicked out of home, kicked out of my house, hit by my dad, hit by my mum,
  hit by my stepdad, hurt by my dad, hurt by my mum, hurt by my stepdad, hit at home, beaten at home, sexually abused
`);
const BEING = ["being", "getting", "always", "still", "really", "sexually", "physically"];

const AFRAID_SUBJECT = ["im", "i am", "i feel", "i get", "i m", "i always feel"];
const AFRAID = ["scared", "afraid", "frightened", "terrified", "too scared", "really scared", "so scared"];
const AFRAID_OF = list(`
  to go home, of going home, to go back home, of my dad, of my mum, of my mom, of my stepdad, of my step dad,
  of my parents, of my uncle, of my brother, of him, of her, to tell anyone, to tell my, to tell my mum,
  to tell my teacher, at home, to be at home, to sleep at home, for my life, he will hurt me, hell hurt me,
  she will hurt me, they will hurt me, theyll hurt me, hes going to hurt me, he will find me, to be home alone
`);

const UNSAFE = list(`
  i dont feel safe, i do not feel safe, i never feel safe, i feel unsafe, im not safe, i am not safe, i am in danger,
  im in danger, not safe at home, its not safe at home, i dont want to go home, i dont wanna go home,
  i dont want to go back home, i ran away from home, im going to run away, im gonna run away, i want to run away,
  i wanna run away, i want to run away from home, there is no food at home, theres no food at home,
  no food in the house, i havent eaten in days, i havent eaten for days, nobody feeds me, no one feeds me,
  i have to look after myself, im being hurt, i am being hurt, it hurts when he, he makes me keep secrets,
  she makes me keep secrets, its our little secret, its our secret
`);

/** An adult or contact from online, for the "wants to meet me" disclosure. */
const ONLINE_CONTACT = list(`
  stranger, online, on roblox, on fortnite, on tiktok, on snap, on snapchat, on insta, on instagram, on discord,
  on minecraft, on whatsapp, on youtube, on xbox, on the internet, on a game, in a game, on my game, met on,
  from roblox, from fortnite, from discord, from tiktok, from snap
`);
const ONLINE_DANGER = list(`
  meet me, meet up with me, to meet up, meet him, meet her, meet them, meet in real life, meet irl, wants me to meet,
  asked me to meet, my address, where i live, what school i go to, which school i go to, pics of me, photos of me,
  pictures of me, send him pics, send her pics, send him photos, send him a picture, send him pictures,
  come to my house, come to his house, go to his house, keep it secret, keep it a secret, our secret, not to tell my,
  dont tell my, get in his car, video call me alone, nudes, asked me for pics, asked me for photos,
  asked me for pictures, asked me for my address, how old i am and, pics of my body, photos of my body, send pics,
  send pictures, send photos, asked me to send, wants me to send, meet up, pick me up, send me pics, come over to his,
  come over to his house, keeps asking me for pics, keeps asking me to meet, meet in secret, meet up in secret,
  wants to meet, to meet me, says he loves me, said he loves me, says she loves me, wants to be my boyfriend,
  wants to be my girlfriend, he is 18, hes 18, hes 19, hes 20, he is older, older than me and, send me his address,
  his address
`);

/** A friend or sibling at risk is a risk to a child too. */
const MY_FRIEND = list(`
  my friend, my mate, my best friend, my bestie, my bff, my sister, my brother, my cousin, my girlfriend,
  my boyfriend, my classmate, a girl in my class, a boy in my class, someone in my class
`);
const FRIEND_AT_RISK = list(`
  kill herself, kill himself, kill themself, kill themselves, killing herself, killing himself, hurt herself,
  hurt himself, hurts herself, hurts himself, hurting herself, hurting himself, cut herself, cut himself,
  cuts herself, cuts himself, cutting herself, cutting himself, self harm, self harms, self harming, suicidal,
  wants to die, want to die, wanna die, end her life, end his life, starve herself, starving herself, is being abused,
  gets hit at home, is being hurt, ran away from home
`);

// ---------------------------------------------------------------------------------------------------
// violence_threats (high)

/** Intent: "I'm going to", "let's", "someone should". */
const I_WILL = list(`
  i will, ill, i shall, im going to, im going 2, im goin to, i am going to, im gonna, i am gonna, imma, ima, im gunna,
  im gona, i wanna, i want to, i wana, i want 2, im about to, im bout to, i am about to, im finna, i swear ill,
  i swear i will, i swear im gonna, i plan to, im planning to, im coming to, i need to, i really want to,
  i really wanna, we will, we are going to, were going to, were gonna, we gonna, we should, lets, let us, lets go,
  someone should, somebody should, someone needs to, someone go, you should, u should, we are gonna, we r gonna,
  we re gonna, me and my mates are gonna, me and my friends are gonna, me and my mates will, my mates are gonna,
  my brother is gonna, my brother will, my cousin is gonna, im gonna go, i am literally going to, ima go
`);
/** "im gonna GET MY BROTHER TO beat u up". */
const INTENT_FILLER = list(`
  just, actually, literally, really, seriously, proper, go, come, and, so, fully, get, my, brother, mates, friends,
  cousin, dad, someone, to, have, make, round, gonna, going to, go and, come and, all, both, together, both of us
`);

const HARM_VERBS = list(`
  kill, kil, murder, stab, shank, shoot, shoot up, punch, beat, beat up, batter, smash, slap, kick, hurt, strangle,
  choke, knife, cut, drown, jump, bash, bash up, slice, slit, rape, attack, poison, bomb, blow up, end, merk, murk,
  wet up, deck, bottle, lamp, headbutt, torture, kidnap, run over, behead, whack, thump, slash, burn, set fire to,
  break, fight, destroy, get rid of, knock, knock out, punch up, hunt down, stamp on, kick in, beat the crap out of,
  beat the shit out of, kick the crap out of, kick the shit out of, smash the crap out of, knock the hell out of,
  beat the hell out of, punch the crap out of
`);

/** "I'm gonna beat you AT CHESS", "kill you IN FORTNITE": games, not threats. */
const GAME_CONTEXT = list(`
  at chess, at football, at fortnite, at minecraft, at roblox, at this game, at the game, at games, at reading,
  at maths, at math, at spelling, at monopoly, at cards, at uno, at tennis, at running, at everything, at it, at this,
  at that, at sport, at sports, at the quiz, at the test, in a race, in the race, in a game, in the game, in game,
  in fortnite, in minecraft, in roblox, in cod, in gta, on fortnite, on minecraft, on roblox, on the xbox, on xbox,
  on the ps5, on ps5, on the switch, in a pillow fight, in a snowball fight, with a pillow, with pillows,
  with snowballs, in a water fight, at tag
`);

/** People a threat can be aimed at: pronouns, and "that teacher", "my brother"... */
const TARGET_PEOPLE = list(`
  teacher, teachers, boy, boys, girl, girls, kid, kids, man, woman, guy, lad, brother, sister, dad, mum, mom, stepdad,
  family, class, friend, friends, idiot, loser, weirdo, prick, dickhead, face, head, legs, neck, nose, teeth, school,
  whole school, whole class
`);
const TARGETS = list(`
  you, u, ya, yu, him, her, them, you all, yall, everyone, everybody, someone, somebody, people, anyone, sir, miss,
  all of you, all of them, every single one of you
`);
const TARGET_DETERMINERS = ["the", "that", "this", "my", "our", "ur", "your", "those", "these", "his", "her"];

/** "...beat JAKE up TOMORROW": a name followed by a when/where. */
const WHEN = list(`
  up, after school, tomorrow, today, tonight, at break, at lunch, at lunchtime, on monday, on friday, next week,
  on the way home, when i see, if he, if she, at school, on tuesday, on wednesday, on thursday, on saturday,
  on sunday, at the park, outside, at hometime, at home time, after class, in the toilets, at the gates,
  behind the bike shed, tmrw, tmr, tomoz, 2moro, 2morrow, tommorow, tomorow, 2mrw, in the face, in the head,
  in the nose, in the stomach, in the mouth, in his face, in her face, so hard, till he cries, till she cries,
  at lunch, at break time, at breaktime, after pe
`);
const NAMEABLE_HARM = list(`
  beat, batter, jump, smash, punch, kill, stab, shoot, murder, shank, hurt, beat up, bash up, knock out, fight,
  batter up, jump on, slap, kick
`);

const THREATS = list(`
  ur so dead, youre so dead, ur dead meat, youre dead meat, ur gonna die, youre gonna die, u gonna die,
  you are going to die, ur going to die, youre going to die, ur gonna pay, ur gonna regret, watch ur back,
  watch your back, i know where you live, i know where u live, i know where ur house is,
  i know where you go to school, im coming for you, im coming for u, wait till i see you, wait til i see you,
  wait until i see you, wait till i see u, ill make you pay, ill make u pay, ill make you regret, ill make you suffer,
  ill make u suffer, sleep with one eye open, ill sort you out, ill sort u out, gonna get jumped, ur getting jumped,
  youre getting jumped, ur getting battered, you won't see tomorrow, you wont see tomorrow, you will pay for this,
  youll pay for this, ur gonna pay for this, youre gonna pay for this, you will regret this, youll regret this,
  ur gonna regret this, ill hunt you down, i will hunt you down, ill hunt u down, you better watch out,
  u better watch out, youre getting stabbed, ur getting stabbed, youre gonna get stabbed, ur gonna get stabbed,
  youre gonna get hurt, ur gonna get hurt, ill make sure you die, see what happens to you, wait and see what happens,
  ill shut it for you, or ill shut it, ill make you regret being born, ill end you, ill rearrange your face,
  ill break your nose, ill break your face, watch what happens to you, watch what happens to u,
  find out where you live, find out where u live, find where you live, ill find you and, i will find you and,
  ill find u and
`);

const WEAPONS = list(`
  knife, knives, blade, shank, machete, zombie knife, rambo knife, flick knife, kitchen knife, butterfly knife,
  switchblade, gun, guns, pistol, rifle, shotgun, glock, knuckle duster, knuckledusters, brass knuckles, taser,
  pepper spray, acid, bomb, explosives, weapon, weapons, baseball bat, crowbar, axe, hatchet, sword, katana, dagger,
  grenade
`);
/** Weapons that children also own as toys or in games: flagged only when going to school. */
const TOY_WEAPONS = new Set(["sword", "katana", "dagger", "axe", "hatchet", "baseball bat", "crowbar"]);
const REAL_WEAPONS = WEAPONS.filter((weapon) => !TOY_WEAPONS.has(weapon));
const WEAPON_DETERMINERS = list(`
  a, an, my, me, his, her, the, some, my dads, my brothers, my mums, a real, a big, a massive
`);
const CARRY = list(`
  bring, bringing, brought, take, taking, took, carry, carrying, carried, have, got, hide, hiding, hid, sneak,
  sneaking, snuck, pack, packing, packed, get, getting
`);
const TO_SCHOOL = list(`
  to school, into school, in school, in to school, to class, in my bag, in my school bag, in my pocket, in my blazer,
  to the park, to the party, tomorrow, on monday, tmrw, tmr, tomoz, 2moro, 2morrow, tommorow, tomorow, 2mrw, monday,
  tonight, to the match, to the bus stop, in my sock
`);
const I_CARRY_SUBJECT = ["i", "im", "i am", "ive", "i have", "ill", "i will", "i got", "imma", "im gonna", "i wanna"];

const SCHOOL_ATTACK = list(`
  shoot up the school, shoot up my school, shoot up school, shoot the school up, blow up the school,
  blow up my school, blow the school up, bomb the school, bomb my school, burn down the school, burn the school down,
  burn down my school, set fire to the school, do a school shooting, school shooting tomorrow
`);

// ---------------------------------------------------------------------------------------------------
// sexual (high)

const SEXUAL_WORDS = list(`
  sexy, sexc, secks, sexting, sext, sexual, sexually, porn, porno, pornography, pornhub, xvideos, xnxx, onlyfans,
  nudes, nude pic, nude pics, nude photo, nude photos, naked pic, naked pics, naked photo, naked photos,
  naked pictures, blowjob, blow job, blowjobs, handjob, hand job, dildo, vibrator, orgasm, masturbate, masturbating,
  masturbation, wank, wanking, wanked, jerk off, jerking off, horny, shagging, shagged, boobs, boobies, titties,
  titty, tits, penis, vagina, jizz, milf, hentai, rule 34, nsfw, deepthroat, anal, rape, raping, rapist, raped,
  strip club, stripper, sex toy, genitals, without ur clothes, without your clothes, suck my d, noodz, nudez, noods,
  nudies, nudes pls
`);

const SEX_AS_GENDER = list(`
  gentler, gentle, fair, fairer, weaker, stronger, female, male, opposite, her, his, their, same, other, another,
  either, each, what, which, the, of, whose
`);

const BODY_PARTS = list(`
  dick, cock, balls, willy, pussy, boobs, boobies, tits, breasts, private parts, privates, bum, butt, ass, arse,
  penis, vagina, nipples, body, bits, down there, front bum, naked body
`);
const SEXUAL_BODY_VERBS = list(`
  show me, send me, touch, touching, lick, suck, sucking, grab, rub, squeeze, play with
`);
const OWNERS = ["my", "ur", "your", "yo", "ya"];
const EXPLICIT_PARTS = list(`
  dick, cock, pussy, penis, vagina, willy, boobs, tits, private parts, privates, pp, peepee, wee wee, winky, todger,
  ding dong, front bottom
`);

const SEND_PICS_VERBS = ["send", "snd", "sned", "send over", "give me", "dm me", "snap me"];
const SEND_PICS_OBJECTS = list(`
  pics, pix, piccies, nudes, selfies, snaps, vids, photos of yourself, photos of urself, pictures of yourself,
  pictures of urself, pics of yourself, pics of urself, pic of yourself, pic of urself, pic of you, pic of u,
  picture of you, picture of u, photo of you, photo of u, photos of you, photos of u, pictures of you, pics of you,
  pics of u, video of you, video of urself, pic of ur body, pic of your body, pics of ur body
`);
const SEND_PICS_ADJECTIVES = list(`
  me, us, ur, your, some, sum, naked, nude, hot, sexy, more, private, spicy, any, a, an
`);

const GROOMING_ASKS = list(`
  what are you wearing, what r u wearing, what are u wearing, wat r u wearing, are you alone, r u alone, are u alone,
  are you home alone, r u home alone, are your parents home, are ur parents home, take off your clothes,
  take off ur clothes, take your clothes off, take ur clothes off, take off your top, take ur top off,
  take your top off, get naked, are you naked, r u naked, wanna see me naked, want to see me naked, see you naked,
  see u naked, come to bed with me, touch yourself, touch urself, lick me, suck me, sit on my face, our little secret,
  dont tell your parents, dont tell ur parents, dont tell your mum, dont tell ur mum, dont tell anyone about us,
  are you a virgin, r u a virgin, age is just a number, mature for your age, make out with me, kiss me all over,
  i want to kiss you all over, wanna see my dick, want to see my dick, wanna see my willy,
  do you want to see my privates, in ur underwear, in your underwear, in ur pants, in your pants, in ur bra,
  in your bra, in your knickers, in ur knickers, in your bikini, what colour is your underwear,
  what colour are your pants, i want to touch you, i wanna touch you, let me touch you, can i touch you,
  touch you all over, i want to feel your body, bra size, cup size, what size bra, whats your bra size,
  do you wear a bra, are you wearing anything, are u wearing anything, r u wearing anything,
  what are you wearing right now, are you wearing clothes, are you in your pyjamas
`);

// ---------------------------------------------------------------------------------------------------
// bullying_hate

/** Telling someone to die or to harm themselves (high). */
const TELL_TO_DIE = list(`
  kys, k y s, go die, go and die, go die in a hole, die in a hole, go kill yourself, hope you die, hope u die,
  hope ya die, hope you get cancer, hope u get cancer, hope you get hit by a car, hope u get hit by a car,
  hope you get run over, hope you rot, hope you burn, hope you suffer, hope u suffer, you should die, u should die,
  u shud die, you deserve to die, u deserve to die, you should kill yourself, u should kill urself, drop dead,
  neck yourself, neck urself, hang yourself, hang urself, go hang yourself, go jump off a bridge, go jump off a cliff,
  go drink bleach, drink bleach, unalive yourself, unalive urself, the world would be better without you,
  world would be better without you, better off without you, nobody would miss you, no one would miss you,
  noone would miss you, no one would care if you died, nobody would care if you died, no one would care if u died,
  you should never have been born, u should never have been born, you shouldnt exist, u shouldnt exist,
  you dont deserve to live, u dont deserve to live, go away and die
`);

const KILL_YOURSELF = list(`
  kill yourself, kill urself, kill ur self, kill your self, kil urself, kil yourself, kill yourselves, kill yoself,
  kill yaself, kill yo self
`);
/** "Don't kill yourself driving so fast", "you'll kill yourself": a warning, not an order. */
const NOT_AN_ORDER = list(`
  dont, do not, never, youll, you will, u will, ull, you might, u might, gonna, going to, wont, not, nearly, almost,
  could, would, youd, to, how to, tried to
`);

/** Slurs: flagged wherever they appear (high). */
const SLURS = list(`
  nigger, niggers, nigga, niggas, niggaz, nigguh, niga, nig nog, coon, coons, wog, wogs, golliwog, paki, pakis,
  chinky, gook, spic, spics, kike, kikes, raghead, towelhead, sand nigger, gyppo, gippo, pikey, pikeys, faggot,
  faggots, fagot, tranny, trannies, shemale, retard, retards, retarded, spastic, spaz, spazz, spakka, mong, mongo,
  mongoloid, downie, window licker, batty boy, batty man, lezza, lesbo, ching chong, p*ki, p*kis, n*gger, n*ggers,
  n*gga, n*ggas, f*ggot, f*ggots, r*tard, r*tards, sp*stic, sp*z
`);

/** Groups of people that hate speech targets. */
const GROUPS = list(`
  black people, blacks, black ppl, white people, brown people, asians, asian people, chinese people, indians,
  pakistanis, arabs, africans, immigrants, refugees, foreigners, migrants, muslims, muslim people, jews,
  jewish people, hindus, sikhs, christians, catholics, gypsies, travellers, gay people, gays, lesbians, homosexuals,
  trans people, transgender people, bisexuals, queers, disabled people, disabled kids, autistic people, poles,
  polish people, romanians, eastern europeans, mexicans, somalians, somalis, nigerians, jamaicans, albanians
`);
const HATE_VERBS = list(`
  i hate, i h8, we hate, i cant stand, i despise, death to, death to all, kill all, kill all the, gas the, gas all,
  get rid of all, get rid of the, ban all, deport all, deport the, burn all, i hate all, i hate the, shoot all
`);
const GROUP_VERBS = list(`
  are, r, are all, r all, are just, should, must, need to, all need to, deserve to
`);
const DEHUMANISING = list(`
  animals, scum, rats, vermin, monkeys, apes, dogs, pigs, cockroaches, parasites, disgusting, dirty, filthy,
  terrorists, criminals, inferior, subhuman, evil, trash, rubbish, savages, thieves, smelly, stupid, dumb, a disease,
  diseased, die, be killed, be shot, be deported, go back, get out, burn, be banned, be gassed, not exist,
  be wiped out, useless, worthless
`);
const GO_BACK = list(`
  go back to your country, go back to ur country, go back to your own country, go back to ur own country,
  go back to where you came from, go back where you came from, go back to where u came from,
  go back where u came from, go back to africa, go back to pakistan, go back to india, go back to china,
  go back to poland, go back to romania, go back to your desert, go back to the jungle, go back to their own country,
  go back to their country, go back to there own country, go back to there country, go back to his own country,
  go back to her own country, go back to his country, go back to her country
`);

/** Insults that are hateful or cruel when aimed at someone (high). */
const STRONG_INSULTS = list(`
  homo, dyke, fag, terrorist, a terrorist, bomber, autistic, autist, sped, special needs, disabled, cripple, mental,
  psycho, schizo, monkey, ape, gorilla, bitch, bitches, slag, slut, whore, hoe, skank, thot, cunt, twat, dickhead,
  dick, prick, knobhead, knob, bellend, wanker, bastard, motherfucker, asshole, arsehole, scum, scumbag, worthless,
  waste of space, waste of oxygen, waste of air, subhuman, piece of shit, piece of crap, nonce, paedo, pedo, fat pig,
  fat cow, fat bitch, ugly bitch, a mistake, an accident, unlovable, pathetic excuse, chink
`);

/** Everyday insults (low when aimed at someone on their own). */
const MILD_INSULTS = list(`
  stupid, dumb, dumbo, dummy, dumbass, dumb ass, idiot, idiotic, loser, ugly, fat, fatty, fatso, weird, weirdo,
  annoying, useless, pathetic, moron, freak, nerd, dork, dweeb, geek, thick, trash, rubbish, garbage, disgusting,
  gross, smelly, stinky, clown, donkey, muppet, mug, melt, wasteman, neek, noob, bum, tramp, peasant, pig, whale, cow,
  brainless, braindead, brain dead, clueless, failure, a joke, a disgrace, poo head, poopyhead, poop head, crybaby,
  cry baby, pest, creep, creepy, rat, snake, goblin, troll, gremlin, jackass, imbecile, cretin, hideous, repulsive,
  horrible, so bad at, bad at everything, airhead, simp, pleb, minger, minging, smelly, unwanted, hated, the worst,
  so annoying, a nobody, not funny, the dumbest, the stupidest, the ugliest, the most annoying, the weirdest,
  the fattest, the most stupid, the biggest loser, dumbest person ever, so dumb, stoopid, stupit, stoopit, stuped,
  stpid, stupud, idoit, idot, iddiot, looser, dumm, thik
`);

/** Insults that name an identity: "are you gay?" is a question, so a bare "you" before them is not enough. */
const IDENTITY_WORDS = new Set(["gay", "a gay", "lesbian", "queer", "autistic", "disabled", "special needs", "mental"]);

/** Insults that are never a character's name (unlike Rat, Toad or Pig), for a message that is only that. */
const ALONE_INSULTS = list(`
  idiot, loser, moron, weirdo, dork, dweeb, dumbo, dummy, dumbass, fatty, fatso, noob, crybaby, cry baby, jackass,
  imbecile, cretin, pleb, simp, wasteman, neek, minger, airhead, poo head, poopyhead, retard, spaz, nerd, freak,
  idiots, losers, dumb dumb, idoit, idot, iddiot, looser
`);

/** Insults that work as a name: "you IDIOT", "shut up LOSER". */
const INSULT_NOUNS = list(`
  idiot, loser, moron, freak, weirdo, dork, nerd, dweeb, geek, clown, donkey, muppet, mug, pig, cow, whale, rat,
  snake, goblin, troll, creep, dumbo, dummy, dumbass, fatty, fatso, noob, crybaby, cry baby, jackass, imbecile,
  cretin, pleb, simp, wasteman, neek, melt, peasant, tramp, bum, minger, airhead, poo head, poopyhead, failure, idoit,
  idot, iddiot, looser
`);

const MILD_INSULT_PHRASES = list(`
  i hate you, i hate u, i hate ya, i hate your guts, i hate ur guts, i hate everything about you, i hate ur face,
  i hate your face, i cant stand you, i cant stand u, you sux, u sux, you stink, u stink, get a life, thats so gay,
  thats gay, its so gay, this is so gay, so gay lol, no one asked you, nobody asked you, nobody asked u,
  shut up loser, you make me sick, u make me sick, you disgust me, u disgust me
`);

/** Exclusion (high): "nobody likes you", "everyone hates you". */
const EXCLUSION = list(`
  likes you, likes u, loves you, loves u, wants you, wants u, cares about you, cares about u, care about you,
  will ever love you, will ever like you, wants to be your friend, wants to be ur friend,
  wants to be friends with you, wants to be friends with u, wants to talk to you, wants to sit with you,
  wants you here, wants u here, would ever date you
`);
const EVERYONE = list(`
  everyone, everybody, evry1, every one, we all, the whole class, all of us, the whole school, all my friends,
  everyone in the class, everyone in my class, everyone in our class, everyone in this class, everyone at school,
  everybody in the class, everybody at school, the whole year, all the girls, all the boys, literally everyone
`);
const EVERYONE_AGAINST = list(`
  hates you, hate you, hates u, hate u, h8s u, laughs at you, laughs at u, thinks ur ugly, thinks youre ugly,
  thinks ur weird, thinks youre weird, thinks ur a loser, wishes you were dead, wants you gone, wants you dead
`);
const NO_FRIENDS = list(`
  you have no friends, u have no friends, u got no friends, you got no friends, you dont have any friends,
  u dont have any friends, youll never have friends, ur friendless, youre friendless, you have no life,
  u have no life, you dont belong here, u dont belong here, nobody wants you here, no one wants you here,
  no one will ever love you, nobody will ever love you
`);

const YOUR_MUM = list(`
  your mum, ur mum, ur mom, your mom, yo mama, yo momma, yo mamma, ur mam, your mam, your mother, ur mother, ur mums,
  your mums, ur dad, your dad, your family, ur family, ur nan, your nan, ur sister, your sister
`);
const YOUR_MUM_IS = ["is", "s", "was", "is such", "is so", "is a", "so", "such a", "a", "is like"];

const SHUT_UP = list(`
  shut up, shutup, shut it, shut ur mouth, shut your mouth, get lost, go away, piss off, jog on, bog off, do one,
  sod off
`);

const DIRECTED_SWEARING = list(`
  fuck you, fuck u, fuk u, fuk you, fuck ya, f_u, f_you, fck u, fck you, fk u, fk you, fuq u, phuck you, f*ck you,
  f*ck u, f**k you, screw you, screw u, go fuck yourself, go fuck urself, fuck yourself, fuck urself, fuck off, f off,
  fk off, fck off, f*ck off, fuck ur mum, fuck your mum, fuck ur mom, eat shit, eat my shit, son of a bitch,
  kiss my ass, kiss my arse, up yours, get fucked, stfu, gtfo, shut the fuck up, shut the f up, shut ur fucking mouth,
  fvck you, fvck u, fuc u, fuc you, phuk you, fvck off
`);

/** Strong swearing, flagged low when nobody is targeted. Stems match any ending ("fucking"). */
const SWEAR_STEMS = list(`
  fuck, fuk, fuq, fck, phuck, fukk, f*ck, f*k, fu*k, f**k, motherfuck, mothafuck, muthafuck, shit, sh*t, bullshit,
  horseshit, cunt, c*nt, bitch, b*tch, wanker, twat, bollock, dickhead, asshole, arsehole, bastard, slut, whore, fvck,
  fvk, fuc, phuk
`);
const SWEAR_WORDS = list(`
  fk, fking, fkin, fkn, piss off, pissed off, pissing me off, dumbass, jackass, smartass
`);

// ---------------------------------------------------------------------------------------------------
// Target + harm: the shape of a harmful message rather than its exact words. Each rule needs a real
// person (or a real place, or the child) as the target and a harmful predicate, so that questions about
// characters ("did the monster kill william?") still pass.

/** Stacked insults: two unkind words together are aimed at someone even without "you". */
const UNKIND_ADJECTIVES = list(`
  fat, ugly, dumb, stupid, smelly, disgusting, ginger, weird, gross, greasy, spotty, hairy, useless, pathetic, thick,
  minging, little, annoying, poor, stinky, dirty
`);
const UNKIND_NOUNS = list(`
  loser, freak, pig, cow, whale, idiot, moron, weirdo, retard, failure, mistake, waste of space, slag, tramp,
  fatso, fatty, creep, nerd, dork, rat, troll, goblin
`);
const APPEARANCE_AND_WORTH = list(`
  ugly, fat, smelly, disgusting, stupid, dumb, useless, pathetic, a loser, a freak, a fat pig, a pig, gross, weird,
  worthless, horrible, annoying, a nobody, hideous, stinks, smells
`);
/** Asking the AI to help write something mean about someone. */
const MEAN_CONTENT = list(`
  mean nicknames, mean names, nasty nicknames, nasty names, rude nicknames, rude names, horrible nicknames,
  horrible names, cruel nicknames, mean things to say, nasty things to say, horrible things to say, mean jokes about,
  mean comments, nasty comments, mean message, nasty message, horrible message, mean poem, mean song, roast him, roast her,
  roast them, say mean stuff about, say mean things about, say nasty things about, saying mean stuff about,
  group chat without, groupchat without, a group chat to talk about, a group chat to laugh at
`);
const WRITE_ABOUT = list(`
  poem about how, story about how, song about how, rap about how, message to, message saying, text saying,
  post saying, poem saying, song saying, note saying, something saying, a message about how, a post about how,
  a joke about how, jokes about how
`);
/** Groups of people, also written "ppl" and described by a disability. */
const PEOPLE_WORDS = ["people", "ppl", "peeps", "kids", "girls", "boys", "children", "students", "men", "women"];
const GROUP_ADJECTIVES = list(`
  gay, black, brown, white, asian, muslim, jewish, disabled, autistic, trans, fat, poor, deaf, blind, foreign,
  chinese, indian, polish, romanian, african, lesbian, ginger, special needs, sen
`);
const GROUP_PHRASES = list(`
  people in wheelchairs, ppl in wheelchairs, girls in wheelchairs, boys in wheelchairs, kids in wheelchairs,
  people from that religion, ppl from that religion, people from that country, ppl from that country,
  people like that, people like them, ppl like that, ppl like them, those people, them lot, people with downs,
  ppl with downs, kids with downs, people with down syndrome, people with downs syndrome, kids with autism,
  people with autism, ppl with autism
`);
const GROUP_PREDICATES = list(`
  shouldnt be allowed, should not be allowed, shudnt be allowed, should be banned, should be kicked out,
  dont belong, do not belong, dont deserve, are disgusting, r disgusting, are all terrorists, r all terrorists,
  are terrorists, are animals, are useless, r useless, are so useless, r so useless, are gross, are disgusting,
  are all disgusting, are a disease, are not normal, arent normal, are not human, arent human, are freaks, are weird,
  should go back, should all go back, go back where they came from, go back to where they came from,
  are all the same, are dirty, are stupid, are so stupid, are thick, are evil, should die, should be killed,
  are a waste of space, ruin everything, why do they even, shouldnt be in our, should not be in our,
  shouldnt be in my, shouldnt come to our, shouldnt be at our, are greedy, are all greedy, are liars, are all liars
`);
const DEHUMANISED = list(`
  a robot, an animal, an alien, not human, not a real person, subhuman, a monkey, a dog, a zombie, a vegetable
`);
const EXCLUDE = list(`
  ignore him forever, ignore her forever, ignore them forever, ignore him, ignore her, ignore them,
  not talk to him, not talk to her, never talk to him, never talk to her, leave him out, leave her out,
  kick him out of the group, kick her out of the group, block him, block her
`);
/** A threat needs a harm that a child could really do. */
const HARM_ACTS = list(`
  kill, ki11, murder, stab, shank, shoot, punch, beat up, batter, smash, slap, kick, hurt, strangle, choke, drown,
  poison, bash, slice, slit, attack, bomb, burn, run over, behead, whack, thump, headbutt, break his neck,
  break her neck, break his legs, break her legs, break his arm, break her arm, push, shove, trip, jump
`);
const INTENT = list(`
  gonna, gunna, gona, going to, goin to, finna, bout to, about to, imma, ima, will, ill, im gonna, im going to,
  we r gonna, we are gonna, were gonna, we gonna, lets, i want to, i wanna, im finna
`);
/** Times and places that put a threat in the child's own life, not in a story. */
const REAL_LIFE = list(`
  after school, at school, in school, tomorrow, tmrw, tmr, tomoz, 2moro, 2morrow, tonight, tonite, 2nite,
  at break, at lunch, in maths, in math, in english, in science, in pe, in class, on the bus, on the way home,
  at the gates, fr, for real, frfr, no joke, not joking, im not joking, on monday, on friday, next week,
  with my compass, with a compass, with scissors, with a knife
`);
const REAL_PROPERTY = list(`
  science block, school, classroom, the school, our school, my school, his house, her house, their house, ur house,
  your house, his car, her car, her window, his window, their window, ur window, your window, the teachers car,
  teachers car, the gym, the library, the toilets, the hall, the bus, the canteen, sports hall, staff room
`);
const PETS = list(`
  ur cat, your cat, ur dog, your dog, his cat, her cat, his dog, her dog, ur pet, your pet, ur hamster, your hamster,
  ur rabbit, your rabbit, ur family, your family, his family, her family, ur mum, your mum, ur little brother,
  your little brother, ur sister, your sister
`);
const HOW_TO = list(`
  how do i, how do you, how do u, how can i, how could i, how would i, how to, how much, how many, how would you,
  how would u, whats the best way to, what is the best way to, best way to, easiest way to, quickest way to,
  wheres the best place to, where is the best place to, best place to, where do i, where should i
`);
const HOW_HARM = list(`
  kill, poison, hurt, knock out, stab, strangle, choke, drown, hit, punch, suffocate, make pass out, drug, burn
`);
const SOMEONE = list(`
  someone, somebody, a person, a human, people, a teacher, my teacher, the teacher, a kid, a child, my sister,
  my brother, my mum, my dad, a girl, a boy, him, her, them, my stepdad, my classmate
`);

// Sexual
const CENSORED_SEXUAL = list(`
  d*ck, d*cks, d**k, c*ck, p*ssy, p***y, p*nis, v*gina, t*ts, b**bs, b*obs, bo*bs, s*x, s*xy, n*des, n*ked, c*m,
  p*rn, f*ck me
`);
const SEXUAL_PHRASES = list(`
  dirty joke, dirty jokes, dirty things, say dirty things, talk dirty, something dirty, dirty stuff, dirty pics,
  dirty pictures, dirty photos, dirty videos, under ur clothes, under your clothes, under ur top, under your top,
  under ur shirt, under your shirt, under ur skirt, under your skirt, up ur skirt, up your skirt,
  ill show you mine, ill show u mine, show you mine if, show u mine if, show me yours and, show me urs and,
  show me yours if, show me urs if, you show me yours, u show me urs, u show me yours, into bed together,
  in bed together, get into bed with, take their clothes off, take off their clothes, take his clothes off,
  take her clothes off, took their clothes off, taking their clothes off, get naked together, undress each other,
  undress me, undress you, touch each other down there, down there feel like, dirtiest word, dirtiest words,
  dirtiest joke, dirty word, dirty words, get naked, take our clothes off, naked in the bath together,
  naked together
`);
const SEXUAL_TOUCH = list(`
  touch, touching, touches, touched, feel, feeling, lick, rub, rubbing
`);
const DOWN_THERE = list(`
  down there, there down below, in their privates, their private parts, her private parts, his private parts
`);
const ROLEPLAY = list(`
  roleplay as, role play as, rp as, pretend to be, pretend ur, pretend you are, pretend youre, act as, act like,
  can you be, can u be, will you be, will u be, wanna be, want to be
`);
const PARTNER = list(`
  my boyfriend, my girlfriend, my bf, my gf, my husband, my wife, my lover, my date, my crush
`);

// Risk to the child
const NOT_EATING = list(`
  havent eaten, have not eaten, havent eaten anything, not eaten, not eating, dont eat, didnt eat, skip lunch,
  skip meals, skip dinner, skip breakfast, skipping meals, skipping lunch, skipped lunch, skipped dinner,
  stopped eating, stop eating, wont eat, refuse to eat, starve myself, starving myself
`);
const PUNISHMENT = list(`
  as a punishment, as punishment, to punish myself, because i deserve, cos i deserve, cause i deserve,
  because i dont deserve, cos i dont deserve, cause i dont deserve, i dont deserve food, i dont deserve to eat,
  dont deserve food, dont deserve to eat, when i get bad marks, when i fail, when im bad, until im thin,
  till im thin, until i lose weight, because im fat, cos im fat, to get thin, to be skinny, because im too fat,
  cos im too fat, cause im too fat, im too fat, to lose weight, so i can be thin, so i get skinny
`);
const FAREWELL = list(`
  goodbye letter, goodbye letters, goodbye note, goodbye notes, wrote a goodbye, writing a goodbye,
  writing my goodbye, my goodbye letter, a letter to say goodbye to everyone, wont be at school next week,
  wont be here next week, wont be around much longer, wont be here much longer, wont be here for long,
  dont think ill be here, wont be here tomorrow, everyone would be better off if i, everyone will be better off if i,
  everybody would be better off if i, they would all be better off, they would be better off without me,
  everyone better off without me, how many pills, how many tablets, how many paracetamol, take to not wake up,
  so i never wake up again, hurt myself so no one, hurt myself so nobody,
  way to hurt myself, way to cut myself, way to harm myself, way to kill myself, ways to hurt myself,
  ways to kill myself, hurt myself without, cut myself without, so no one sees the, where no one can see the cuts,
  gave away all my stuff, giving away all my stuff, gave away all my things, giving away all my things,
  giving away my stuff, not scared of dying anymore, not afraid of dying anymore, not scared to die anymore,
  not scared of death anymore, not afraid to die anymore, everyone would be happier if i, happier without me,
  would be happier if i disappeared, would be happier if i was gone, would be happier if i wasnt here
`);
const WISH_WAS_ME = list(`
  wish that was me, wish it was me, wish it were me, wished it was me, wished that was me, wished it were me, wish that were me, wish it had been me, should have been me,
  shouldve been me, wish i died instead, wish i was the one who died, i want to be with her, want to join her
`);
const DEATH_WORDS = list(`
  dies, died, dead, death, dying, killed, kills herself, kills himself, funeral, passed away
`);
const SECRET_ASKS = list(`
  asking me to keep secrets, asks me to keep secrets, asked me to keep secrets, ask me to keep secrets,
  wants me to keep secrets, asking me to keep it secret, asks me to keep it secret, asked me to keep it secret,
  asking me to keep it a secret, asks me to keep it a secret, asked me to keep it a secret, and keep it secret,
  and keep it a secret, send him stuff, send her stuff, send him things, send him photos of me, send him selfies,
  meet him alone, meet her alone, meet up alone, meet him on my own, meet them alone, meet me alone, come on your own,
  meet him behind, meet him after school, meet him at the park, meet him somewhere, meet him in secret,
  im his special girl, im his special boy, im her special boy, im her special girl, his special girl,
  his special boy, waits for me after school, waits for me by the, waits for me outside, waits for me at the,
  video call him in my room, video call in my room, facetime him in my room, call him in my room,
  in my room alone with, send him pics of me, our special secret
`);
const BRIBES = list(`
  give me vapes, give me a vape, give me vape, give me money, give me cash, give me robux, give me vbucks,
  give me v bucks, give me presents, give me gifts, give me a phone, give me alcohol, give me cigarettes,
  buy me vapes, buy me a vape, buy me stuff, buy me presents, buy me things, buy me a phone, buy me robux,
  gives me vapes, gives me money, gives me presents, bought me a phone, bought me presents, send me money
`);
const ABUSE_AT_HOME = list(`
  locks me in my room, locked me in my room, locks me in the, locked me in the, locks me in a, locks me in,
  locked me in, shuts me in, shut me in, leaves me with no food, left me with no food, with no food when,
  without food when, doesnt let me eat, dont let me eat, wont let me eat, not allowed to eat,
  makes me sleep outside, makes me sleep in the, made me sleep outside, hits me when, hurts me when,
  hit me with a belt, hits me with a belt, hits me with, hit me with, throws stuff at me, threw stuff at me,
  gets drunk and hits, gets drunk and throws, gets drunk and hurts, gets drunk and shouts, throws things at me
`);
const HOME_ADULTS = list(`
  mums boyfriend, mums bf, mums partner, moms boyfriend, dads girlfriend, dads gf, stepdad, step dad, stepmum,
  step mum, dad, mum, mom, my dad, my mum, my mom, my parents, my uncle, my carer, my foster
`);
const RUN_AWAY = list(`
  run away, running away, runaway, run off, running off, leave home, leaving home, go missing
`);
const RUN_AWAY_INTENT = list(`
  i think about, i keep thinking about, im thinking about, thinking about, i want to, i wanna, im going to,
  im gonna, i will, ill, im planning on, im planning to, i might, i plan to, i am going to, i have decided to,
  ive decided to, tonight im
`);
const TELL_NOBODY = list(`
  not telling anyone, not tell anyone, without telling anyone, and not telling, wont tell anyone where,
  not telling anyone where, nobody will know where, no one will know where, never come back, packed a bag,
  packed my bag, packing a bag, packing my bag
`);

const GENERAL_RULES: readonly LexiconRule[] = [
  // self_harm_risk
  rule("risk-farewell", "self_harm_risk", "urgent", "Possible self-harm or suicide risk", words(FAREWELL)),
  rule(
    "risk-not-eating-punishment",
    "self_harm_risk",
    "urgent",
    "Possible self-harm (not eating)",
    seq(NOT_EATING, gap(8), PUNISHMENT),
  ),
  rule(
    "risk-not-eating-days",
    "self_harm_risk",
    "urgent",
    "Possible self-harm (not eating)",
    seq(
      ["i havent eaten", "i have not eaten", "i didnt eat", "i havent had food", "i havent had anything to eat"],
      opt(["anything", "any food", "food"]),
      ["for", "in"],
      ["2", "two", "3", "three", "4", "four", "5", "five", "a few", "several", "days", "ages", "a week", "a whole"],
      opt(["days", "day", "whole days", "week", "weeks"]),
    ),
  ),
  rule(
    "risk-wish-it-was-me",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    words(WISH_WAS_ME),
    words(DEATH_WORDS),
  ),
  rule("risk-grooming-secrets", "self_harm_risk", "urgent", "Possible grooming", words(SECRET_ASKS)),
  rule(
    "risk-grooming-bribe",
    "self_harm_risk",
    "urgent",
    "Possible grooming",
    seq(BRIBES, opt(["and stuff", "and things"]), ["if i", "if u", "if you", "for", "to"]),
  ),
  rule(
    "risk-abuse-home",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(HOME_ADULTS, gap(4), ABUSE_AT_HOME),
  ),
  rule(
    "risk-run-away",
    "self_harm_risk",
    "urgent",
    "Child may run away",
    seq(RUN_AWAY_INTENT, fill(["just", "really", "seriously", "maybe", "and"]), RUN_AWAY),
    words(TELL_NOBODY, ["tonight", "tomorrow", "this weekend", "from home", "forever", "for good"]),
  ),

  // violence_threats
  rule(
    "threat-real-life",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(INTENT, fill(INTENT_FILLER), HARM_ACTS, ["him", "her", "them", "u", "you"], gap(6), REAL_LIFE),
  ),
  rule(
    "threat-named-later",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      HARM_ACTS,
      anyWordExcept("time", "it", "this", "that", "the", "a"),
      gap(6),
      REAL_LIFE,
    ),
  ),
  rule(
    "threat-push",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      INTENT,
      fill(INTENT_FILLER),
      ["push", "shove", "throw", "kick", "trip"],
      ["him", "her", "them", "u", "you"],
      list(`
        down the stairs, off the roof, off a cliff, off the bridge, in front of a car, in front of a bus,
        in front of a train, out the window, out of the window, into the road, into traffic
      `),
    ),
  ),
  rule(
    "threat-property",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      INTENT,
      fill(INTENT_FILLER),
      list(`
        set fire to, burn down, blow up, smash up, smash, torch, trash, wreck, vandalise, throw a brick thru,
        throw a brick through, throw a brick at, throw bricks at, throw a rock thru, throw a rock through,
        throw stones at, throw rocks at, egg
      `),
      opt(["the", "our", "my"]),
      REAL_PROPERTY,
    ),
  ),
  rule(
    "threat-pets",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(INTENT, fill(INTENT_FILLER), HARM_ACTS, PETS, notFollowedBy(GAME_CONTEXT)),
  ),
  rule(
    "threat-how-to",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(5), HOW_HARM, SOMEONE, notFollowedBy(GAME_CONTEXT)),
  ),
  rule(
    "threat-knock-out",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(3), ["knock", "choke", "strangle"], SOMEONE, ["out", "unconscious", "till they pass out"]),
  ),
  rule(
    "threat-make-sick",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(3), ["make", "get"], SOMEONE, fill(["really", "so", "very", "properly", "proper"]), [
      "stop breathing",
      "pass out",
      "sick",
      "ill",
      "bleed",
      "faint",
      "die",
      "unconscious",
      "black out",
    ]),
  ),
  rule(
    "threat-titled",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      HARM_ACTS,
      ["mr", "mrs", "miss", "ms", "sir", "mister"],
      anyWordExcept("and", "or"),
    ),
  ),
  rule(
    "bully-mock-request",
    "bullying_hate",
    "high",
    "Asks for help to be unkind",
    seq(
      list(`
        make up, write, think of, help me, give me, come up with, can you make, can u make, invent, create
      `),
      gap(4),
      ["making fun of", "to make fun of", "that makes fun of", "mocking", "to mock", "to laugh at", "to tease"],
    ),
  ),
  rule(
    "bully-nobody-sits",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      NOBODY,
      fill(["wants to", "will", "ever", "would", "likes to", "even", "wants", "is going to"]),
      ["sit next to", "sit with", "play with", "be friends with", "talk to", "hang out with", "be partners with"],
      ["her", "him", "them"],
      ["because", "cos", "coz", "cuz", "bc", "shes", "hes", "theyre", "she", "he"],
    ),
  ),
  rule(
    "risk-online-adult",
    "self_harm_risk",
    "urgent",
    "Possible online grooming",
    words(["in my room", "in my bedroom", "alone", "on my own", "at night", "when my parents are asleep"]),
    seq(
      list(`
        online friend, friend online, someone online, a man online, a guy online, met online, friend from roblox,
        friend from discord, friend from snap, friend on roblox, friend on discord, friend on snap
      `),
      gap(3),
      list(`
        is 18, is 19, is 20, is 21, is 22, is 23, is 24, is 25, is 26, is 28, is 30, is 35, is 40, is an adult,
        is a grown up, is older, is way older, is a man, is much older
      `),
    ),
  ),
  rule(
    "threat-until-out",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(
      ["hit", "punch", "choke", "strangle", "kick", "hurt"],
      SOMEONE,
      ["so they", "so he", "so she", "until they", "till they", "until he", "till he", "until she", "till she"],
      ["pass out", "passes out", "stop breathing", "stops breathing", "die", "dies", "bleed", "bleeds", "faint"],
    ),
  ),

  // sexual
  rule("sexual-censored", "sexual", "high", "Sexual content", seq(stem(CENSORED_SEXUAL))),
  rule("sexual-phrases", "sexual", "high", "Sexual content", words(SEXUAL_PHRASES)),
  rule(
    "sexual-touch-down-there",
    "sexual",
    "high",
    "Sexual content",
    seq(SEXUAL_TOUCH, opt(SOMEONE, ["u", "you", "me", "each other", "yourself", "urself", "myself"]), DOWN_THERE),
  ),
  rule("sexual-roleplay", "sexual", "high", "Sexual roleplay request", seq(ROLEPLAY, PARTNER)),

  // bullying_hate
  rule(
    "bully-stacked-insult",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      ["is a", "is such a", "is an", "is the biggest", "hes a", "shes a", "s a", "is just a", "theyre", "they are"],
      fill(UNKIND_ADJECTIVES, ["and", "big", "total", "absolute"]),
      UNKIND_ADJECTIVES,
      fill(UNKIND_ADJECTIVES, ["and"]),
      UNKIND_NOUNS,
    ),
  ),
  rule("bully-mean-content", "bullying_hate", "high", "Asks for help to be unkind", words(MEAN_CONTENT)),
  rule(
    "bully-write-about",
    "bullying_hate",
    "high",
    "Asks for help to be unkind",
    seq(WRITE_ABOUT, gap(4), APPEARANCE_AND_WORTH),
  ),
  rule(
    "bully-write-saying",
    "bullying_hate",
    "high",
    "Asks for help to be unkind",
    seq(
      ["saying", "telling", "tell", "calling", "call"],
      anyWordExcept("the", "a", "me", "i", "it", "that", "this"),
      opt(["shes", "hes", "theyre", "she is", "he is", "they are", "that she", "that he", "she", "he"]),
      fill(["a", "an", "so", "such", "really", "fat", "ugly", "big"]),
      [...UNKIND_NOUNS, "smells", "stinks", "ugly", "fat", "disgusting", "worthless", "useless", "a fat pig"],
    ),
  ),
  rule(
    "bully-smells",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      ["tell", "telling", "everyone knows", "everyone says"],
      anyWordExcept("the", "a", "me", "i", "it"),
      ["he", "she", "they", "hes", "shes"],
      ["smells", "stinks", "smell", "stink", "is ugly", "is fat", "is disgusting", "is a loser", "is a freak"],
    ),
  ),
  rule(
    "bully-group",
    "bullying_hate",
    "high",
    "Hate speech",
    seq(
      [
        ...GROUPS,
        ...GROUP_PHRASES,
        ...GROUP_ADJECTIVES.flatMap((adjective) => PEOPLE_WORDS.map((p) => `${adjective} ${p}`)),
      ],
      fill(["all", "just", "literally", "basically", "so", "really", "always", "honestly"]),
      GROUP_PREDICATES,
    ),
  ),
  rule(
    "bully-group-are",
    "bullying_hate",
    "high",
    "Hate speech",
    seq(
      [
        ...GROUPS,
        ...GROUP_PHRASES,
        ...GROUP_ADJECTIVES.flatMap((adjective) => PEOPLE_WORDS.map((p) => `${adjective} ${p}`)),
      ],
      ["are", "r", "are all", "r all", "are just", "are literally", "are basically"],
      fill(["so", "really", "such", "literally", "all", "just", "basically", "a bunch of", "like"]),
      list(`
        weird, disgusting, useless, terrorists, animals, gross, stupid, thick, evil, freaks, dirty, a disease,
        not normal, not human, a waste of space, weirdos, retards, creepy, scary, dangerous, criminals, lazy, smelly,
        greedy, liars, cheats, thieves
      `),
    ),
  ),
  rule(
    "bully-dehumanise",
    "bullying_hate",
    "high",
    "Dehumanising a person",
    seq(
      ["hes", "shes", "theyre", "he is", "she is", "they are", "ur", "youre", "you are"],
      fill(["basically", "just", "literally", "like", "such", "so"]),
      DEHUMANISED,
    ),
    words(GROUP_ADJECTIVES, ["lol", "dont let", "so", "we should", "nobody"]),
  ),
  rule(
    "bully-exclude",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      ["we", "we should", "lets", "everyone", "everyone should", "we should all", "lets all", "we all", "we will"],
      fill(["all", "just", "literally", "totally", "should"]),
      EXCLUDE,
    ),
  ),
  rule(
    "bully-dont-let-play",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      ["dont let", "do not let", "never let", "wont let", "not let", "nobody let", "no one let"],
      ["him", "her", "them", "the new girl", "the new boy", "the new kid"],
      ["play with us", "sit with us", "join us", "hang out with us", "come with us", "in our group", "play"],
    ),
  ),
  rule(
    "bully-everyone-hates",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      ["everyone in", "everybody in", "the whole class", "everyone at", "the whole year", "everyone in our"],
      gap(2),
      ["hates her", "hates him", "hates them", "laughs at her", "laughs at him", "thinks shes", "thinks hes"],
    ),
  ),
  rule(
    "bully-family-jab",
    "bullying_hate",
    "high",
    "Insult about someone's family",
    words(
      list(`
        no wonder ur dad left, no wonder your dad left, no wonder ur mum left, no wonder your mum left,
        no wonder ur parents, no wonder your parents, no wonder nobody likes, no wonder no one likes,
        his mum cant even afford, her mum cant even afford, ur mum cant even afford, your mum cant even afford,
        cant even afford soap, cant afford soap
      `),
    ),
  ),
  rule(
    "bully-you-look-like",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(BARE_YOU, ["look like", "looks like", "smell like", "smells like"], gap(5), [
      "ugly",
      "fat",
      "disgusting",
      "gross",
    ]),
  ),
  rule(
    "bully-hope-you-die",
    "bullying_hate",
    "high",
    "Telling someone to harm themselves",
    seq(stem(["hope u die", "hope you die", "hope ya die"])),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Concepts found missing on a blind set: each is a structure (who + what), not a sentence, with book
// questions on the same themes kept clean by needing the child's own voice or a real-life target.

/** First person, as a thought or a plan: "i keep thinking about", "ive been planning". */
const I_THINK_ABOUT = list(`
  i think about, i keep thinking about, im thinking about, i was thinking about, ive been thinking about,
  i thought about, i dream about, i daydream about, i imagine, i keep imagining, i cant stop thinking about,
  i always think about, i think a lot about, i sometimes think about
`);
const DYING_THOUGHTS = list(`
  dying, being dead, not being here, not being alive, not waking up, never waking up, killing myself, ending it,
  ending it all, ending my life, taking all my pills, taking pills, jumping off, jumping in front of,
  stepping in front of, walking in front of, walking into traffic, lying on the tracks, my funeral, my own funeral,
  how to die, ways to die, what its like to die, hurting myself, cutting myself, drowning myself, hanging myself
`);
/** What is pointless: "whats the point of waking up". */
const POINT_OF = list(`
  anything, anything anymore, waking up, getting up, getting up in the morning, being here, being alive, existing,
  me, life, my life, any of it, it all, carrying on, going on, living, trying anymore, even trying anymore, tomorrow
`);
/** Leaving: "they'll be relieved when I'm gone", "letters for after I'm gone". */
const WHEN_I_AM_GONE = list(`
  after im gone, once im gone, when im gone, after ive gone, when ive gone, after im dead, once im dead,
  when im dead, after i die, after i kill myself, when i kill myself, if i killed myself, when im not here anymore,
  after im not here, once im not here
`);
const IF_I_DIED = list(`
  if i died, if i die, if i was dead, if i was gone, if i disappeared, if i wasnt here, if i wasnt alive,
  if i killed myself, if i never came back, if i ran away forever
`);
const WOULD_ANYONE = list(`
  would anyone, would anybody, would people, would they, would my, would even, nobody would, no one would,
  noone would, would any1, will anyone, would u, would you, who would
`);
const BURDEN = list(`
  tired of being a burden, sick of being a burden, being a burden on everyone, being a burden to everyone,
  a burden on everyone, a burden to everyone, a burden on my family, a burden to my family, a burden to my mum,
  wont be a problem much longer, wont be a problem for much longer, wont be a problem for long,
  wont be a burden much longer, wont be a burden for long, wont be a bother much longer,
  wont have to deal with me much longer, wont have to put up with me much longer, be relieved when im,
  be relieved if i, everyone would be relieved, theyll be relieved, they will be relieved, be glad when im gone,
  be happier when im gone, be better when im gone, the world would be better without me,
  world is better without me, better off without me anyway
`);
/** A method, asked about: "how high does a bridge have to be so its quick", "die painlessly". */
const METHOD_WORDS = list(`
  suicide, die, dying, kill myself, kill urself, kill yourself, overdose, hang myself, drown, drowning, jump,
  do it, end it, bleed out
`);
const PAINLESS = list(`
  painlessly, painless, without pain, without it hurting, so it doesnt hurt, so its quick, so its fast,
  so i die, so you die, so u die, to be fatal, to definitely die, to not survive
`);
const HOW_HIGH = list(`
  how high, how tall, how far down, how deep, how many floors, how long does it take to
`);
const TOO_MANY_PILLS = list(`
  a load of, loads of, lots of, all of, a lot of, a bunch of, a handful of, a whole packet of, a whole box of,
  too many, all the, all my, a whole bottle of, a packet of, a box of, like 10, like 20, 10, 20, 30
`);
const PILLS = list(`
  pills, tablets, paracetamol, painkillers, sleeping pills, meds, medicine, antidepressants, ibuprofen, calpol
`);
/** Self-injury with an object or a body part: "dig a pin into my wrist", "scratch my arms till they bleed". */
const INJURE_INTO = list(`
  dig, digging, digs, dug, carve, carving, carved, press, pressing, jab, jabbing, stab, stabbing
`);
const MY_BODY = list(`
  my wrist, my wrists, my arm, my arms, my leg, my legs, my thigh, my thighs, my skin, my stomach, my hand,
  my hands, my tummy, my hip, my hips, my chest, my ankles
`);
const INJURE_VERBS = list(`
  cut, cutting, scratch, scratching, scratched, burn, burning, burnt, burned, hit, hitting, punch, punching, bang,
  banging, bite, biting, pinch, pinching, pull out, pulling out, rip, ripping
`);
const INJURY_HOW = list(`
  until, till, til, untill, so it bleeds, so they bleed, so hard, on purpose, again, every night, every day,
  when im sad, when im upset, when im angry, when i get sad, when i get upset, when i get angry, when im stressed,
  with a blade, with a razor, with a pin, with a compass, with scissors, with a lighter, with a knife,
  with my compass, with a sharpener, to feel better, to feel something, to punish myself, because i deserve,
  cos i deserve
`);
const BLADES = list(`
  razor blades, razor blade, razors, blade out of a sharpener, blade out of my sharpener, blades out of sharpeners,
  blade out of the sharpener, sharpener blade, sharpener blades, blades from sharpeners
`);
const GET_BLADES = list(`
  buy, get, find, take, hide, keep, hiding, keeping, taking, getting, buying, got, took, hid
`);
/** Disordered eating as a plan: "i want to starve till im thin", "im going to make myself sick after tea". */
const NOT_EAT_PLANS = list(`
  starve, starve myself, stop eating, not eat, not eat anything, eat nothing, skip every meal, skip all my meals,
  throw up my food, throw up after i eat, throw up after eating, make myself sick, make myself throw up, purge,
  only eat one, stop eating until, get so thin, get really thin, be as thin as, be skinny like, be thinner,
  lose weight by not eating, hide my food, throw my food away, throw away my lunch, bin my lunch
`);
const TOO_FAT = list(`
  too fat to eat, too fat to deserve, so fat i dont deserve, so fat i shouldnt eat, as thin as a skeleton,
  until i can see my ribs, till i can see my ribs, until i can see my bones, till i can see my bones,
  so i can see my ribs, so i can see my bones, i hate my body so much, dont deserve to eat, dont deserve food,
  shouldnt be allowed to eat, not allowed to eat until
`);
/** Neglect: "nobody has fed me since yesterday", "mums been gone for 2 days". */
const NEGLECT = list(`
  nobody has fed me, no one has fed me, nobody fed me, no one fed me, havent been fed, not been fed, nobody feeds me,
  nobodys fed me, theres no food in the house, there is no food in the house, no food in the fridge,
  theres nothing to eat at home, nothing to eat in the house, left me on my own for, left me alone for,
  left me home alone for, left us on our own for, left us alone for, left us home alone for
`);
const CARER = list(`
  my mum, my mom, my dad, my parents, mum, mom, dad, mums, moms, dads, my mums, my dads, my stepdad, my nan,
  my carer, my foster carer
`);
const GONE = list(`
  been gone, has been gone, hasnt come home, hasnt been home, havent been home, didnt come home, not come home,
  not been home, went out and didnt come back, left and didnt come back, hasnt come back, not come back
`);
/** Fear at home: "scared when he comes home", "afraid of whats going to happen at home". */
const FEAR_SUBJECT = list(`
  im, i am, i get, i feel, i always get, i was, i m, cos im, because im, coz im, i got, i always feel, im always,
  im so, im really
`);
const FEARFUL = list(`
  scared, afraid, frightened, terrified, petrified, too scared, so scared, really scared, scared stiff
`);
const HOME_THREAT = list(`
  when he comes home, when she comes home, when he gets home, when she gets home, when my dad comes home,
  when my dad gets home, when dad comes home, when dad gets home, when my stepdad comes home,
  when my stepdad gets home, when my mum comes home, when my mum gets home, when mum gets home,
  when hes drunk, when shes drunk, when he drinks, when she drinks, when hes angry, when shes angry,
  when he shouts, when she shouts, when they fight, when they argue, to go home, of going home, to go back home,
  whats going to happen at home, what will happen at home, what happens at home, whats gonna happen at home,
  of what happens at home, of being at home, to be at home, to sleep at home, of my dad, of my stepdad,
  of my mums boyfriend, of my mum, of my dads girlfriend
`);
/** What a child may disclose about an adult at home: "he shouts and throws things", "i have bruises". */
const HOME_VIOLENCE = list(`
  shouts and throws, screams and throws, shouts and hits, shouts and smashes, throws things, throws stuff,
  smashes things, smashes stuff, smashed things, throws plates, threw a plate, threw a chair, throws chairs,
  punches walls, punched the wall, punches the wall, pulls my hair, pulled my hair, pinches me, pinched me,
  twists my arm, twisted my arm, shakes me, shook me, pins me down, pinned me down, holds me down, held me down,
  throws me, threw me, pushes me, pushed me, shoves me, shoved me
`);
const BRUISES = list(`
  i have bruises, ive got bruises, i got bruises, i had bruises, bruises on my, bruises all over, hide my bruises,
  hide the bruises, cover my bruises, cover up my bruises, cover up the bruises, gave me a bruise, gave me bruises,
  left a bruise, left bruises, left marks on me, left a mark on me, i have marks on my, ive got marks on my
`);
const BRUISE_CAUSES = list(`
  from my dad, from my mum, from my stepdad, from him, from her, from them, because of him, cos of him,
  because he, cos he, where he, where she, my dad, my mum, my stepdad, my mums boyfriend, so nobody sees,
  so no one sees, so people dont see, long sleeves, at home, hide, cover
`);
const NO_FOOD_RULES = list(`
  im not allowed food, i am not allowed food, not allowed any food, not allowed dinner, not allowed to have dinner,
  not allowed to have food, not allowed breakfast, they dont let me eat, he doesnt let me eat, she doesnt let me eat,
  sent to bed without food, sent to bed with no food, sent to my room without food, locked in my room without food
`);
/** Someone from online, or older: the other half of grooming. */
const ONLINE_PERSON = list(`
  online bf, online boyfriend, online gf, online girlfriend, online friend, friend online, someone online,
  a man online, a guy online, a boy online, a girl online, someone i met online, friend i met online,
  guy i met online, man i met online, boy i met online, person i met online, someone i met on, a guy on,
  a man on, this guy on, this man on, an older boy, an older guy, an older man, an older friend, older boy,
  older guy, older man, a grown up friend, my gaming friend, friend from roblox, friend from discord,
  friend from snap, friend from fortnite, friend from tiktok, friend from insta, guy from roblox, guy from discord,
  man from roblox, man from discord
`);
const GROOMING_ACTS = list(`
  video call, facetime, send pics, send photos, send pictures, send a pic, send him, send her, meet up, meet him,
  meet her, to meet, my address, where i live, what school, keep it secret, keep it a secret, our secret,
  not to tell, dont tell, wont tell, delete the chat, delete our chat, delete the messages, delete our messages,
  delete his messages, gifts, presents, robux, vbucks, v bucks, buys me, bought me, in my room, in my bedroom,
  alone, at night, when everyones asleep, when my parents are asleep, when my mum is asleep, is 18, is 19, is 20,
  is 21, is 22, is 23, is 24, is 25, is 30, is an adult, is a grown up, is way older, is much older
`);
const ASKS_ME_TO = list(`
  wants me to, asked me to, asks me to, told me to, tells me to, keeps asking me to, said i should, says i should,
  made me, makes me, wanted me to, is making me, said to, says to
`);
const SECRET_ACTS = list(`
  delete the chat, delete our chat, delete the messages, delete our messages, delete his messages, delete her messages,
  delete our texts, delete the texts, video call him from my room, video call him at night, facetime him at night,
  facetime him from my room, video call him when, call him at night when, not tell my parents, not tell my mum,
  not tell my dad, not tell anyone about us, keep us a secret, keep our chats secret, keep our chat secret
`);
const RUNNING_AWAY_NOW = list(`
  im running away, i am running away, im leaving home, i am leaving home, im running off, were running away,
  im gonna leave home, im going to leave home, i packed a bag, ive packed a bag, ive packed my bag
`);
const RUN_AWAY_WHEN = list(`
  tonight, tomorrow, this weekend, for good, forever, and never coming back, packed a bag, packed my bag, took money,
  taking money, where nobody, where no one, without telling, not telling
`);

// Violence
/** Intent without "I": "gonna jump him", "me and jack are gonna". */
const ANY_INTENT = [
  ...I_WILL,
  ...list(`
    me and my mates are going to, me and my friends are going to, were all gonna, we are all going to,
    we r all gonna, we will all, my mates and me are gonna
  `),
];
const CLAUSE_INTENT = list(`
  gonna, going to, gunna, gona, finna, bout to, about to, imma, ima, im going, going 2
`);
const ME_AND = ["me and", "me n", "me an", "me nd", "me &"];
const WE_WILL = list(`
  are gonna, r gonna, are going to, r going to, will, gonna, are gunna, are finna, are about to
`);
/** How a beating ends: "so bad his own mum wont recognise him", "cave his head in". */
const BEATING_OUTCOMES = list(`
  so bad, so badly, so hard, black and blue, to a pulp, half to death, into next week, till he cries,
  till she cries, until he cries, until she cries, till he bleeds, till she bleeds, until he bleeds,
  until she bleeds, his own mum wont recognise, her own mum wont recognise, his mum wont recognise,
  her mum wont recognise, wont recognise him, wont recognise her, so he cant walk, so she cant walk,
  to get him back, to get her back, to get them back, to teach him a lesson, to teach her a lesson,
  to teach them a lesson, for revenge, as revenge, at the bus stop, at the park, behind the sports hall,
  behind the school, on the way home, after school, tomorrow, on friday, on monday, tonight
`);
const VIOLENT_ENDS = list(`
  cave his head in, cave her head in, cave ur head in, cave your head in, cave their heads in, smash his face in,
  smash her face in, smash ur face in, smash your face in, smash his face, smash her face, kick his head in,
  kick her head in, kick ur head in, kick your head in, bash his head in, bash her head in, bash ur head in,
  bash your head in, break his jaw, break her jaw, break his nose, break her nose, break his legs, break her legs,
  break his arm, break her arm, snap his neck, snap her neck, slit his throat, slit her throat, stab him,
  stab her, stab them, burn his house, burn her house, burn their house, burn down his house,
  burn down her house, burn down their house, set fire to his, set fire to her, set fire to their,
  he wont see it coming, she wont see it coming, they wont see it coming, wont know what hit him,
  wont know what hit her, wont know what hit them, with a brick, with a bat, with a hammer, with a knife,
  with a rock, with a bottle, with a blade, with a stick
`);
const LIE_IN_WAIT = list(`
  wait, wait for, be waiting, find, follow, go to, turn up, show up, sit, hide, go round
`);
const ARMED_WITH = list(`
  with a bat, with a brick, with a knife, with a hammer, with a rock, with a bottle, with a blade, with a stick,
  with a machete, with my dads knife, with a crowbar, with a gun, with a baseball bat, with a golf club
`);
const WHERE_THEY_LIVE = list(`
  find out where she lives, find out where he lives, find out where they live, found out where she lives,
  found out where he lives, find where she lives, find where he lives, outside her house, outside his house,
  outside their house
`);
/** A substance into someone's food: "crushed pills into a teacher's coffee", "bleach in their drink". */
const SUBSTANCES = list(`
  bleach, poison, rat poison, antifreeze, laxatives, laxative, pills, tablets, sleeping pills, drugs, glass,
  crushed glass, weed killer, slug pellets, chemicals, nail polish remover, cleaning stuff, peanuts
`);
const INTO_FOOD = seq(
  ["in", "into", "inside"],
  list(`
    their, someones, somebodys, a teachers, the teachers, my teachers, teachers, sirs, misses, my sisters,
    my brothers, my mums, my dads, my stepdads, his, her, ur, your, the dinner ladys, my friends, her friends
  `),
  list(`
    drink, drinks, coffee, tea, food, lunch, water, water bottle, bottle, juice, dinner, squash, cup, mug, sandwich,
    packed lunch, lunchbox, cereal, coke
  `),
);
const SPIKE_CUES = list(`
  i, im, ill, if i, if someone, if somebody, would, how much, how many, can i, could i, should i, gonna, going to,
  we, lets
`);
/** Making weapons: "how do u make a petrol bomb". */
const MAKE_WEAPON = list(`
  petrol bomb, pipe bomb, molotov, molotov cocktail, nail bomb, a bomb, bombs, explosives, explosive, napalm,
  chloroform, toxic gas, poison gas, poisonous gas, mustard gas, chlorine gas, a gas to, gas to put, a poison,
  poison to, a weapon, a shank, a shiv, a zip gun, a flamethrower, thermite, a taser
`);
const HOW_MAKE = list(`
  how do u make, how do you make, how do i make, how to make, how can i make, how could i make, how would i make,
  how do u build, how do you build, how do i build, how to build, teach me to make, tell me how to make,
  show me how to make, whats the recipe for, what do i need to make, how do people make, help me make,
  can u make, can you make, mix to make, mixed to make, can mix to make, u mix to make, you mix to make
`);
const BREAK_BONES = seq(
  ["snap", "break", "dislocate", "twist", "crack", "fracture"],
  list(`
    someones, somebodys, a persons, his, her, their, my brothers, my sisters, a kids, a teachers, ur, your
  `),
  list(`
    arm, arms, leg, legs, neck, nose, fingers, finger, wrist, jaw, ribs, ankle, skull, back
  `),
);
const FALL_HARM = list(`
  fall, fall off, fall down, fall over, trip, trip over, trip up, choke, crash, drown, stop breathing, pass out,
  break their, break his, break her, get hurt, get badly hurt
`);
const COVER_UP = list(`
  look like an accident, looks like an accident, seem like an accident, without leaving marks, without leaving a mark,
  without leaving bruises, without leaving any marks, so nobody knows it was me, so no one knows it was me,
  so they dont know it was me, without anyone knowing it was me
`);
const ANIMAL_POISONS = list(`
  poison, rat poison, antifreeze, bleach, slug pellets, weed killer, drown, get rid of it permanently,
  get rid of it for good, get rid of them permanently
`);
const ANIMALS = list(`
  dog, dogs, cat, cats, hamster, rabbit, guinea pig, pet, pets, kitten, puppy, budgie, bird, birds, fox, foxes,
  squirrel, the one next door
`);
const ANIMAL_CUES = list(`
  how do i, how can i, how to, will the, would the, will it, would it, does it work, work on, permanently,
  im gonna, im going to, i want to, i wanna, gonna, to get her back, to get him back, to get them back, can i,
  keeps coming in, never shuts up, wont shut up
`);
const HURT_PETS = list(`
  drown, kill, poison, hurt, stab, burn, kick, strangle, throw, squash, crush, cut, torture, set fire to, microwave
`);
const SOMEONES_PET = list(`
  my sisters, my brothers, my neighbours, my neighbors, our neighbours, the neighbours, next doors, her, his,
  their, my friends, her stupid, his stupid
`);
const ATTACK_TRAIN = seq(
  ["make", "train", "teach", "get", "making", "training", "teaching"],
  gap(3),
  ["to bite", "bite", "to attack", "attack", "to go for", "go for"],
  ["harder", "people", "someone", "the postman", "him", "her", "them", "strangers", "kids", "my sister"],
);
const SET_ALIGHT = seq(
  ["set", "setting"],
  list(`
    the, our, my, his, her, their, ur, your, a, the whole, this
  `),
  anyWordExcept("world", "mood", "scene", "stage", "table", "record", "alarm"),
  opt([
    "hall",
    "room",
    "block",
    "house",
    "car",
    "bin",
    "bins",
    "lab",
    "building",
    "shed",
    "garage",
    "kitchen",
    "school",
  ]),
  ["on fire", "alight", "ablaze", "aflame"],
);

// Bullying
/** Words that are only ever insults of a person, in any frame: "harvey is a wasteman". */
const PERSON_ONLY_INSULTS = list(`
  wasteman, waste man, waste of space, waste of oxygen, waste of air, brain dead, braindead, brain-dead,
  thick as two short planks, thick as a brick, dog faced, dog face, pig faced, pig face, rat faced, horse faced,
  crater face, pizza face, four eyes, no mates, nonce, saddo, sad act
`);
const IS_FRAME = list(`
  is a, is an, is such a, is such an, is so, is the most, is the biggest, hes a, shes a, hes such a, shes such a,
  hes so, shes so, is like a, is literally a, is just a, is a total, is a complete, looks like a, has got, has,
  got, is, theyre, they are, theyre such, ur a, youre a, you are a, ur such a, youre such a, ur
`);
const FACE_LIKE = list(`
  has a face like a, got a face like a, a face only a mother could love,
  face like a smashed, face like a slapped, face like a smacked, face like a dropped, face like a bulldog,
  face like a potato, face like a pig, face like a horse, face like a pizza, face like a slapped arse
`);
const STACK_ADJECTIVES = list(`
  useless, bald, fat, ugly, dumb, stupid, smelly, disgusting, ginger, weird, gross, greasy, spotty, hairy, pathetic,
  thick, minging, skinny, short, tiny, goofy, wonky, sweaty, scruffy, crusty, mouldy, slow, cringe, lazy, worthless,
  four eyed, specky, poor, stinky, dirty, annoying, creepy, hideous, pathetic looking, brain dead, braindead
`);
const STACK_NOUNS = list(`
  loser, freak, pig, cow, whale, idiot, moron, weirdo, failure, slag, tramp, fatso, fatty, creep, nerd, dork, rat,
  troll, goblin, clown, baby, crybaby, cry baby, wasteman, saddo, reject, virgin, skank, muppet, dweeb, geek,
  pervert, nonce, witch, hag, mess, waste of space, excuse for a, kid alive, boy alive, girl alive, person alive
`);
const GO_CRY = list(`
  go cry to ur mummy, go cry to your mummy, go cry to ur mum, go cry to your mum, go cry to mummy, go cry about it,
  go cry in the corner, go cry in a corner, go and cry to, run and cry to, go cry to ur mommy, go cry to your mommy,
  go cry to ur mom, go cry to your mom
`);
const MOCK_ASKS = list(`
  names to call her, names to call him, names to call them, names i can call, things to call her,
  things to call him, more names to call, insults for her, insults for him, insults about her, insults about him,
  comebacks about, comebacks for her, comebacks for him, roasts for her, roasts for him, burns for her,
  burns for him, good nickname for him, good nickname for her, good nicknames for him, good nicknames for her,
  nickname for him lol, nickname for her lol, captions would be funniest, funniest captions, funny captions for his,
  funny captions for her
`);
/** Making fun of a difference: "we copy him every time he talks" + "stammer". */
const MOCK_ACTS = list(`
  we copy, i copy, we all copy, everyone copies, we laugh at, i laugh at, we make fun of, i make fun of,
  lets make fun of, we mock, i mock, help me make fun of, how can i make fun of, we imitate, i imitate,
  we do his voice, we do her voice, nickname for him, nickname for her, nicknames for him, nicknames for her,
  jokes about his, jokes about her, we call him, we call her, everyone calls him, everyone calls her
`);
const DIFFERENCES = list(`
  stammer, stutter, lisp, wheelchair, limp, hearing aid, autism, autistic, down syndrome, downs, disability,
  disabled, special needs, tourettes, adhd, glasses, accent, braces, birthmark, scar, cleft lip, crutches,
  speech, the way he talks, the way she talks, the way he walks, the way she walks, how he talks, how she talks,
  how he walks, how she walks, every time he talks, every time she talks, his weight, her weight, his skin,
  her skin, his hair, her hair, his teeth, her teeth
`);
const GET_EVERYONE_TO = list(`
  get everyone to, tell everyone to, make everyone, got everyone to, agreed to, all agreed to, everyone agreed to,
  lets all, we should all, we all, we are all gonna, were all gonna, we r all gonna, everyone is gonna,
  everyone is going to, the whole class is gonna, convince everyone to, persuade everyone to, make the whole class
`);
const SHUN = list(`
  blank, ignore, unfollow, block, exclude, leave out, not talk to, stop talking to, stop being friends with,
  unfriend, boycott, freeze out, kick out, shun, hate on, gang up on, turn against, stop speaking to
`);
/** Posting about a real person: the public part of humiliation. */
const PUBLISH = list(`
  post it, post on, post in, screenshot it, screenshot and, so i can screenshot, send it round, spread it,
  spreads round, spread round, spread it round, share it round, on tiktok, tiktok slideshow, on the year,
  on the group chat, in the group chat, on the gc, in the gc, whole school, for the end of term assembly,
  in assembly, for assembly, use her real name, use his real name, use their real name, with her real name,
  with his real name, so everyone sees, so everyone can see, so everyone laughs
`);
const HUMILIATE = list(`
  ugly, fat, worst pics, worst photos, worst pictures, embarrassing, fake, fancies, loser, snitch, troll, pathetic,
  weird, smells, stinks, humiliate, make fun of, laugh at, roast, disgusting, gross, minging, hideous, freak,
  pathetic looking, snake, liar, slag
`);
const HOPE_HARM = list(`
  gets hit by a bus, get hit by a bus, gets hit by a car, get hit by a car, gets run over, get run over, dies,
  drops dead, gets stabbed, gets cancer, chokes on, choke on, gets killed, rots in, falls down the stairs,
  falls off a cliff, breaks his neck, breaks her neck, gets sacked, gets fired, gets expelled, gets beaten up,
  never comes back, disappears forever
`);
const BETTER_WITHOUT = seq(
  ["the world", "school", "everyone", "the class", "our class", "we", "everybody", "life"],
  ["would be better", "would be better off", "be better", "is better", "would be happier", "will be better"],
  ["without him", "without her", "without them", "without his", "without her"],
);

// Sexual
const SPICY = list(`
  dirty, spicy, sexy, steamy, naughty, x rated, nsfw, explicit, smutty, smut, lemon, raunchy, kinky, horny
`);
const SPICY_THINGS = list(`
  story, stories, scene, scenes, fanfic, fan fic, fanfiction, chapter, roleplay, role play, rp, bit, part, version,
  pics, pictures, photos, videos, vids, chat, talk, messages, texts, poem, song, dream, kiss, kissing
`);
const INTIMATE = list(`
  wedding night, make out, making out, in bed together, take their tops off, take off their tops, take her top off,
  take his top off, take their clothes off, with no clothes, no clothes on, lower down, their bodies, undress,
  undressing, kiss with tongue, with tongue, french kiss, french kissing, snog, snogging, first time together,
  sleep together, sleeping together, got into bed
`);
const DETAIL_ASKS = list(`
  in detail, in loads of detail, in lots of detail, all the details, with details, every detail, step by step,
  describe, explain, spicy, dirty, sexy, steamy
`);
const DO_IT_WITH = seq(
  list(`
    how do u do it, how do you do it, how do i do it, how to do it, how do people do it, how do u have it,
    how do you have it, what does it feel like to do it, do it with
  `),
  list(`
    with a girl, with a boy, with ur girlfriend, with your girlfriend, with my girlfriend, with my boyfriend,
    with someone, with ur boyfriend, with your boyfriend, with a man, with a woman, for the first time
  `),
);
const ROLEPLAY_WORDS = list(`
  roleplay, role play, rp, lets pretend, pretend ur, pretend youre, pretend you are, pretend to be
`);
const ROMANCE = list(`
  ur boyfriend, your boyfriend, ur girlfriend, your girlfriend, my boyfriend, my girlfriend, ur bf, ur gf, your bf,
  your gf, love roleplay, romantic, romance, kiss me, kiss you, kiss u, we kiss, we are alone, were alone,
  alone together, nobody can see, no one can see, in bed, undress, make out, cuddle, on a date, my wife, my husband,
  ur wife, ur husband
`);
const LOOK_LIKE_IN = seq(
  ["what u look like", "what you look like", "what ur body looks like", "what your body looks like", "how u look"],
  gap(2),
  list(`
    in ur pyjamas, in your pyjamas, in pyjamas, in ur underwear, in your underwear, in underwear, in a bikini,
    in ur bikini, in the shower, in the bath, naked, in bed, with no clothes, without clothes
  `),
);
const UNDERWEAR_ASK = seq(
  ["underwear", "bra", "knickers", "panties", "boxers", "pants", "bikini", "pyjamas", "nightie", "thong"],
  gap(1),
  ["r u wearing", "are u wearing", "are you wearing", "do u wear", "do you wear", "r you wearing", "u wearing"],
);
const NAKED_ASKS = list(`
  look like with no clothes, looks like with no clothes, look like without clothes, looks like without clothes,
  look like without any clothes, look like naked, looks like naked, see u naked, see you naked, see her naked,
  see him naked, naked ladies, naked women, naked girls, naked men, naked boys, naked people, pics of naked,
  pictures of naked, dick pic, dick pics, dickpic, dickpics, rate my body, rate my figure, rate my bum, rate my boobs,
  rate my legs, rate my butt, am i sexy, am i hot, do u think im hot, do you think im hot, do u think im sexy,
  seggs, segs, smex, shmex, secks
`);
const SIZE_OF = seq(
  ["how big is", "how long is", "size of", "how big should", "how long should"],
  ["a", "a normal", "ur", "your", "my", "his", "an average", "the average", "a mans", "a boys"],
  ["dick", "willy", "cock", "penis", "boobs", "tits"],
);
const WANNA_SEX = seq(
  list(`
    wanna, want to, lets, do u wanna, do you want to, u wanna, you wanna, can we, shall we, wanna go, lets go,
    want 2
  `),
  ["fuck", "f*ck", "fuk", "fck", "shag", "bang", "smash"],
  opt(["me", "u", "you", "tonight", "later"]),
  CLAUSE_END,
);
const BOY_OR_GIRL = list(`
  are u a boy or a girl, are you a boy or a girl, r u a boy or a girl, r u a boy or girl, are u a boy or girl,
  are you a boy or girl, boy or girl send, r u a girl, are u a girl, are you a girl
`);
const PIC_ASKS = list(`
  send a photo, send a pic, send pic, send me a pic, send a selfie, send me a selfie, send a picture, send photo,
  show me a pic, show me a photo, prove it, whats ur age, how old are you, how old r u, asl
`);
const BODY_LOWER = seq(["abs", "body", "chest", "bodies", "muscles"], gap(3), [
  "lower down",
  "further down",
  "below the waist",
  "below his waist",
  "below her waist",
  "down below",
]);

const CONCEPT_RULES: readonly LexiconRule[] = [
  // self_harm_risk: indirect suicidal talk, methods, self-injury, eating, neglect, abuse, grooming
  rule(
    "risk-thinking-about-dying",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    seq(I_THINK_ABOUT, fill(["a lot", "sometimes", "often", "always", "just", "really"]), DYING_THOUGHTS),
  ),
  rule(
    "risk-whats-the-point",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    seq(
      list(`
        whats the point, what is the point, wats the point, wots the point, whats even the point,
        dont see the point, dont really see the point, do not see the point, cant see the point, theres no point,
        there is no point, i see no point, no point
      `),
      ["of", "in", "to"],
      fill(["even", "really", "just"]),
      POINT_OF,
      notFollowedBy(["of the", "in the book", "in the story", "for", "if", "of this", "when", "in this"]),
    ),
  ),
  rule(
    "risk-when-gone",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    words(WHEN_I_AM_GONE),
    words([
      "letter",
      "letters",
      "note",
      "notes",
      "relieved",
      "happier",
      "better off",
      "miss me",
      "glad",
      "nobody",
      "no one",
      "everyone",
      "my stuff",
      "my things",
      "goodbye",
    ]),
  ),
  rule("risk-burden", "self_harm_risk", "urgent", "Possible suicide risk", words(BURDEN)),
  rule("risk-if-i-died", "self_harm_risk", "urgent", "Possible suicide risk", seq(IF_I_DIED, gap(4), WOULD_ANYONE)),
  rule(
    "risk-if-i-died-asked",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    seq(WOULD_ANYONE, gap(5), IF_I_DIED),
  ),
  rule(
    "risk-my-funeral",
    "self_harm_risk",
    "urgent",
    "Possible suicide risk",
    words(["plan my funeral", "planning my funeral", "planned my funeral"]),
  ),
  rule(
    "risk-method-painless",
    "self_harm_risk",
    "urgent",
    "Asks about a suicide method",
    seq(METHOD_WORDS, gap(4), PAINLESS),
  ),
  rule(
    "risk-method-height",
    "self_harm_risk",
    "urgent",
    "Asks about a suicide method",
    seq(
      HOW_HIGH,
      gap(6),
      ["bridge", "building", "roof", "cliff", "fall", "jump", "drop", "die", "drown", "bleed"],
      gap(4),
      PAINLESS,
    ),
  ),
  rule(
    "risk-method-hurt",
    "self_harm_risk",
    "urgent",
    "Asks about a suicide method",
    seq(
      ["does it hurt to", "is it painful to", "how painful is it to", "how much does it hurt to"],
      ["drown", "die", "hang", "bleed out", "overdose", "suffocate", "jump off", "slit"],
    ),
    words([
      "thinking about doing it",
      "think about doing it",
      "thought about doing it",
      "want to do it",
      "wanna do it",
      "going to do it",
      "gonna do it",
      "i might do it",
      "i want to",
      "i wanna",
    ]),
  ),
  rule(
    "risk-took-pills",
    "self_harm_risk",
    "urgent",
    "Possible overdose",
    seq(
      ["i took", "i swallowed", "ive taken", "i have taken", "i ate", "i just took", "i took like"],
      TOO_MANY_PILLS,
      gap(2),
      PILLS,
    ),
  ),
  rule(
    "risk-injure-into",
    "self_harm_risk",
    "urgent",
    "Possible self-harm",
    seq(INJURE_INTO, opt(["it", "them"]), gap(3), ["into"], MY_BODY),
  ),
  rule(
    "risk-injure-how",
    "self_harm_risk",
    "urgent",
    "Possible self-harm",
    seq(I_SUBJECT, fill(FIRST_PERSON_ADVERBS), INJURE_VERBS, MY_BODY, INJURY_HOW),
  ),
  rule("risk-blades", "self_harm_risk", "urgent", "Possible self-harm", seq(GET_BLADES, gap(3), BLADES)),
  rule(
    "risk-eating-plan",
    "self_harm_risk",
    "urgent",
    "Possible disordered eating",
    seq(I_SUBJECT, fill(FIRST_PERSON_ADVERBS), INTEND_TO, fill(FIRST_PERSON_ADVERBS), NOT_EAT_PLANS),
  ),
  rule("risk-too-fat", "self_harm_risk", "urgent", "Possible disordered eating", words(TOO_FAT)),
  rule("risk-neglect", "self_harm_risk", "urgent", "Possible neglect", words(NEGLECT)),
  rule(
    "risk-carer-gone",
    "self_harm_risk",
    "urgent",
    "Possible neglect",
    seq(CARER, opt(["has", "s", "have"]), GONE, gap(2), [
      "for",
      "since",
      "all night",
      "last night",
      "in days",
      "for days",
    ]),
  ),
  rule(
    "risk-afraid-home",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(FEAR_SUBJECT, fill(FIRST_PERSON_ADVERBS), FEARFUL, gap(5), HOME_THREAT),
  ),
  rule(
    "risk-home-violence",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(HOME_ADULTS, fill(ABUSE_FILLER), HOME_VIOLENCE),
  ),
  rule(
    "risk-home-violence-he",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(
      ["he", "she", "they"],
      fill(ABUSE_FILLER),
      HOME_VIOLENCE,
      notFollowedBy(["the ball", "it", "a ball", "them", "the"]),
    ),
    words(HOME_ADULTS, ["at home", "when he", "when she", "drunk"]),
  ),
  rule("risk-bruises", "self_harm_risk", "urgent", "Possible abuse disclosure", words(BRUISES), words(BRUISE_CAUSES)),
  rule("risk-no-food", "self_harm_risk", "urgent", "Possible neglect", words(NO_FOOD_RULES)),
  rule(
    "risk-online-person",
    "self_harm_risk",
    "urgent",
    "Possible online grooming",
    words(ONLINE_PERSON),
    words(GROOMING_ACTS),
  ),
  rule(
    "risk-secret-contact",
    "self_harm_risk",
    "urgent",
    "Possible grooming",
    seq(
      ["he", "she", "they", "him", "this guy", "this man"],
      fill(["always", "keeps", "really", "also"]),
      ASKS_ME_TO,
      fill(["always", "just", "never"]),
      SECRET_ACTS,
    ),
  ),
  rule(
    "risk-running-away-now",
    "self_harm_risk",
    "urgent",
    "Child may run away",
    words(RUNNING_AWAY_NOW),
    words(RUN_AWAY_WHEN),
  ),

  // violence_threats
  rule(
    "threat-me-and",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      ME_AND,
      anyWordExcept("my", "the", "a"),
      WE_WILL,
      fill(INTENT_FILLER),
      NAMEABLE_HARM,
      anyWordExcept("time", "it", "this", "that", "the", "a"),
      gap(6),
      [...WHEN, ...REAL_LIFE, ...BEATING_OUTCOMES],
    ),
  ),
  rule(
    "threat-clause-intent",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      CLAUSE_START,
      CLAUSE_INTENT,
      fill(INTENT_FILLER),
      NAMEABLE_HARM,
      anyWordExcept("time", "it", "this", "that", "the", "a"),
      gap(6),
      [...WHEN, ...BEATING_OUTCOMES],
    ),
  ),
  rule(
    "threat-outcome",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      NAMEABLE_HARM,
      anyWordExcept("time", "it", "this", "that", "the", "a"),
      gap(4),
      BEATING_OUTCOMES,
    ),
  ),
  rule("threat-violent-end", "violence_threats", "high", "Threat of violence", seq(ANY_INTENT, gap(10), VIOLENT_ENDS)),
  rule(
    "threat-wont-see-it-coming",
    "violence_threats",
    "high",
    "Threat of violence",
    words([
      "he wont see it coming",
      "she wont see it coming",
      "they wont see it coming",
      "wont know what hit him",
      "wont know what hit her",
    ]),
    words(I_WILL),
  ),
  rule(
    "threat-lie-in-wait",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(ANY_INTENT, fill(INTENT_FILLER), LIE_IN_WAIT, gap(6), ARMED_WITH),
  ),
  rule(
    "threat-where-they-live",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(ANY_INTENT, fill(INTENT_FILLER), WHERE_THEY_LIVE),
  ),
  rule(
    "threat-spike",
    "violence_threats",
    "high",
    "Asks how to poison someone",
    words(SUBSTANCES),
    INTO_FOOD,
    words(SPIKE_CUES),
  ),
  rule(
    "threat-make-weapon",
    "violence_threats",
    "high",
    "Asks how to make a weapon",
    seq(HOW_MAKE, gap(2), MAKE_WEAPON),
  ),
  rule(
    "threat-mix-gas",
    "violence_threats",
    "high",
    "Asks how to make a weapon",
    seq(["mix", "mixing", "combine", "mixed"], gap(6), [
      "make a gas",
      "make gas",
      "make toxic",
      "make poison",
      "toxic gas",
      "poisonous gas",
      "poison gas",
      "a gas to",
    ]),
  ),
  rule(
    "threat-break-bones",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(2), ...BREAK_BONES),
  ),
  rule(
    "threat-make-fall",
    "violence_threats",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(2), ["make", "get"], SOMEONE, FALL_HARM),
  ),
  rule("threat-cover-up", "violence_threats", "high", "Asks how to hurt someone", seq(HOW_TO, gap(10), COVER_UP)),
  rule(
    "threat-animal-poison",
    "violence_threats",
    "high",
    "Threat to an animal",
    words(ANIMAL_POISONS),
    words(ANIMALS),
    words(ANIMAL_CUES),
  ),
  rule(
    "threat-someones-pet",
    "violence_threats",
    "high",
    "Threat to an animal",
    seq(ANY_INTENT.concat(CLAUSE_INTENT), fill(INTENT_FILLER), HURT_PETS, SOMEONES_PET, ANIMALS),
  ),
  rule("threat-attack-dog", "violence_threats", "high", "Threat of violence", ATTACK_TRAIN),
  rule(
    "threat-push-anyone",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(ANY_INTENT, fill(INTENT_FILLER), ["push", "shove", "throw", "kick", "trip"], gap(3), [
      "down the stairs",
      "off the roof",
      "off a cliff",
      "off the bridge",
      "in front of a car",
      "in front of a bus",
      "in front of a train",
      "out the window",
      "out of the window",
      "into the road",
      "into traffic",
      "into the canal",
      "in the river",
      "into the river",
    ]),
  ),
  rule(
    "threat-set-fire",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(ANY_INTENT.concat(CLAUSE_INTENT), fill(INTENT_FILLER), ...SET_ALIGHT),
  ),

  // sexual
  rule("sexual-spicy", "sexual", "high", "Sexual content", seq(SPICY, SPICY_THINGS)),
  rule("sexual-intimate-detail", "sexual", "high", "Sexual content", words(INTIMATE), words(DETAIL_ASKS)),
  rule("sexual-do-it", "sexual", "high", "Sexual content", DO_IT_WITH),
  rule("sexual-roleplay-romance", "sexual", "high", "Sexual roleplay request", words(ROLEPLAY_WORDS), words(ROMANCE)),
  rule("sexual-look-like", "sexual", "high", "Sexual request", LOOK_LIKE_IN),
  rule("sexual-underwear", "sexual", "high", "Sexual request", UNDERWEAR_ASK),
  rule("sexual-naked-asks", "sexual", "high", "Sexual content", words(NAKED_ASKS)),
  rule("sexual-size", "sexual", "high", "Sexual content", SIZE_OF),
  rule("sexual-wanna", "sexual", "high", "Sexual request", WANNA_SEX),
  rule("sexual-boy-or-girl", "sexual", "high", "Sexual request (grooming-like)", words(BOY_OR_GIRL), words(PIC_ASKS)),
  rule("sexual-body-lower", "sexual", "high", "Sexual content", BODY_LOWER),

  // bullying_hate
  rule(
    "bully-person-only-insult",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      IS_FRAME,
      fill([
        "a",
        "an",
        "such a",
        "so",
        "total",
        "complete",
        "absolute",
        "proper",
        "literally",
        "just",
        "the biggest",
        "like",
      ]),
      PERSON_ONLY_INSULTS,
    ),
  ),
  rule("bully-face-like", "bullying_hate", "high", "Insult aimed at a person", words(FACE_LIKE)),
  rule(
    "bully-stacked-more",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      IS_FRAME,
      fill(STACK_ADJECTIVES, ["and", "big", "total", "absolute", "most", "the", "such", "so"]),
      STACK_ADJECTIVES,
      fill(STACK_ADJECTIVES, ["and"]),
      STACK_NOUNS,
    ),
  ),
  rule("bully-go-cry", "bullying_hate", "high", "Insult aimed at a person", words(GO_CRY)),
  rule("bully-mock-asks", "bullying_hate", "high", "Asks for help to be unkind", words(MOCK_ASKS)),
  rule("bully-mock-difference", "bullying_hate", "high", "Mocking a difference", words(MOCK_ACTS), words(DIFFERENCES)),
  rule(
    "bully-shun",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      GET_EVERYONE_TO,
      fill(["just", "totally", "completely"]),
      SHUN,
      anyWordExcept("the", "it", "this", "that", "homework", "noise"),
    ),
  ),
  rule(
    "bully-shun-club",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(
      ["ignore", "anti", "hate", "we hate", "i hate"],
      anyWordExcept("book", "reading", "the", "a", "my", "homework", "school", "chess", "maths"),
      ["club", "group chat", "gc", "page", "account"],
    ),
  ),
  rule(
    "bully-publish",
    "bullying_hate",
    "high",
    "Asks for help to humiliate someone",
    words(PUBLISH),
    words(HUMILIATE),
  ),
  rule(
    "bully-hope-harm",
    "bullying_hate",
    "high",
    "Wishing harm on someone",
    seq(
      ["i hope", "hope", "i wish", "hoping", "i really hope"],
      anyWordExcept("i", "you", "u", "it", "this", "the", "my", "everyone", "nobody", "he", "she", "they", "that"),
      opt(["just"]),
      HOPE_HARM,
    ),
  ),
  rule("bully-better-without", "bullying_hate", "high", "Wishing harm on someone", BETTER_WITHOUT),
];

// ---------------------------------------------------------------------------------------------------
// The rules, in priority order within each severity.

export const LEXICON_RULES: readonly LexiconRule[] = [
  // self_harm_risk: urgent
  rule(
    "self-harm-reflexive",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(SELF_HARM_ACTS, MYSELF, notFollowedBy(["laughing", "laughin", "laughed", "with laughter", "sick laughing"])),
  ),
  rule("self-harm-words", "self_harm_risk", "urgent", "Possible self-harm or suicide risk", words(SELF_HARM_WORDS)),
  rule(
    "self-harm-wish",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      I_SUBJECT,
      fill(FIRST_PERSON_ADVERBS),
      WISH_TO,
      fill(FIRST_PERSON_ADVERBS),
      DEATH,
      notFollowedBy([
        "of laughter",
        "of laughing",
        "laughing",
        "of embarrassment",
        "of boredom",
        "of cringe",
        "from cringe",
        "from embarrassment",
        "for",
        "a",
        "my hair",
        "than",
        "into",
        "in to",
        "inside",
        "to",
      ]),
    ),
  ),
  rule(
    "self-harm-plan",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      I_SUBJECT,
      fill(FIRST_PERSON_ADVERBS),
      INTEND_TO,
      fill(FIRST_PERSON_ADVERBS),
      SELF_HARM_PLANS,
      // Homework about a story: "im thinking about suicide in romeo and juliet for my essay".
      notFollowedBy([
        "in the book",
        "in the story",
        "in the play",
        "in romeo",
        "in shakespeare",
        "in frankenstein",
        "in this book",
        "in books",
        "for my essay",
        "for my homework",
        "for english",
        "for a project",
        "for my project",
        "as a theme",
        "as a topic",
      ]),
    ),
  ),
  rule(
    "self-harm-suicidal",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(I_SUBJECT, fill(SUICIDAL_FILLER), ["suicidal", "suicidal thoughts", "thoughts of suicide"]),
  ),
  rule("self-harm-statement", "self_harm_risk", "urgent", "Possible self-harm or suicide risk", words(RISK_STATEMENTS)),
  rule(
    "self-harm-life-pointless",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      ["life", "my life", "living", "everything", "existing", "being alive", "being me"],
      ["is", "feels", "seems", "just feels", "is just", "s"],
      fill(["so", "really", "just", "completely", "totally", "literally", "honestly", "such", "too", "a"]),
      [
        "pointless",
        "not worth living",
        "not worth it",
        "meaningless",
        "hopeless",
        "unbearable",
        "a nightmare",
        "too much",
        "worthless",
        "over",
      ],
    ),
  ),
  rule(
    "self-harm-make-it-stop",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      I_SUBJECT,
      fill(FIRST_PERSON_ADVERBS),
      ["want", "wanna", "wish", "need", "would like", "wanted"],
      ["it all", "everything", "the pain", "it", "my life", "life", "this", "all of it"],
      ["to stop", "to end", "to be over", "to go away", "would stop", "would end"],
    ),
  ),
  rule(
    "self-harm-body",
    "self_harm_risk",
    "urgent",
    "Possible self-harm",
    seq(
      I_SUBJECT,
      fill(FIRST_PERSON_ADVERBS),
      [
        "cut",
        "cuts",
        "cutting",
        "scratch",
        "scratching",
        "burn",
        "burning",
        "bite",
        "biting",
        "pick",
        "picking",
        "stab",
        "slit",
        "slice",
      ],
      ["my", "me"],
      ["arm", "arms", "wrist", "wrists", "leg", "legs", "thigh", "thighs", "skin", "stomach", "tummy"],
      notFollowedBy([
        "on a",
        "on the",
        "by accident",
        "accidentally",
        "playing",
        "at football",
        "when i fell",
        "falling",
      ]),
    ),
  ),
  rule(
    "self-harm-dont-want-to-live",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "i dont",
        "i do not",
        "i really dont",
        "i just dont",
        "idont",
        "i dnt",
        "i don",
        "i dont think i",
        "i dont even",
        "i honestly dont",
        "i dont really",
        "i dont think i even",
      ],
      fill(["really", "even", "honestly", "actually", "think i", "just"]),
      ["want to", "wanna", "wana", "want 2"],
      ["live", "be alive", "exist", "be here", "be on this earth", "wake up", "carry on", "go on", "be me"],
      notFollowedBy([
        "in",
        "at",
        "with",
        "near",
        "there",
        "here",
        "like that",
        "on",
        "by",
        "next",
        "abroad",
        "far",
        "forever",
        "up",
        "without",
        "to see",
        "the",
      ]),
    ),
  ),
  rule(
    "self-harm-no-point",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "no",
        "dont see the",
        "dont see any",
        "cant see the",
        "cant see any",
        "whats the",
        "what is the",
        "is there any",
        "there is no",
        "theres no",
        "see no",
        "not any",
      ],
      ["point", "reason"],
      ["of", "in", "to", "for"],
      [
        "living",
        "life",
        "being alive",
        "going on",
        "being here",
        "me",
        "existing",
        "me being here",
        "me being alive",
        "staying alive",
        "live",
      ],
    ),
  ),
  rule(
    "self-harm-better-without-me",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "everyone",
        "everybody",
        "my family",
        "my mum",
        "my mom",
        "my dad",
        "my parents",
        "they",
        "people",
        "the world",
        "my friends",
        "it",
        "life",
        "things",
      ],
      fill(["would", "will", "d", "be", "all", "just", "really", "so", "much", "be so much"]),
      ["happier", "better", "better off", "easier", "fine"],
      [
        "without me",
        "if i wasnt here",
        "if i wasnt around",
        "if i was gone",
        "if i was dead",
        "if i died",
        "if i wasnt alive",
        "if i disappeared",
        "if i never existed",
        "if i was never born",
        "when im gone",
        "if im gone",
        "if i wasnt born",
        "with me gone",
        "with me dead",
      ],
    ),
  ),
  rule(
    "self-harm-better-if-i-died",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "everyone",
        "everybody",
        "my family",
        "my mum",
        "my mom",
        "my dad",
        "my parents",
        "they",
        "people",
        "the world",
        "my friends",
        "it",
        "life",
        "things",
      ],
      fill(["would", "will", "d", "be", "all", "just", "really", "so", "much", "be so much"]),
      ["happier", "better", "better off", "easier", "fine"],
      ["if i", "when i", "once i"],
      fill(["just", "was", "were", "wasnt", "werent", "never", "even", "had", "hadnt", "been", "ever", "finally"]),
      [
        "died",
        "dead",
        "gone",
        "here",
        "around",
        "alive",
        "born",
        "existed",
        "disappeared",
        "killed myself",
        "left forever",
      ],
    ),
  ),
  rule(
    "self-harm-fed-up-of-living",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [...I_SUBJECT, "i feel", "im just", "im so", "i am so"],
      fill(["so", "really", "just", "literally", "honestly", "completely", "totally"]),
      ["fed up of", "fed up with", "sick of", "tired of", "done with", "over"],
      ["living", "life", "being alive", "existing", "being me", "my life"],
    ),
  ),
  rule(
    "self-harm-means",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      I_SUBJECT,
      fill(["just", "already", "secretly", "also", "still", "even"]),
      ["have", "got", "bought", "found", "hid", "hide", "keep", "hidden", "saved up", "been saving", "collected"],
      [
        "a rope",
        "a noose",
        "razor blades",
        "a razor blade",
        "a razor",
        "blades",
        "a blade to",
        "pills to",
        "loads of pills",
        "all my pills",
        "my mums pills",
        "my dads pills",
      ],
    ),
  ),
  rule(
    "self-harm-worthless",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "i",
        "im",
        "i am",
        "i feel",
        "i just feel",
        "i always feel",
        "i feel like",
        "i feel like im",
        "i know im",
        "i think im",
      ],
      fill(["so", "really", "just", "such", "a", "completely", "totally", "literally", "honestly", "so so", "always"]),
      [
        "worthless",
        "a burden",
        "such a burden",
        "hopeless",
        "a waste of space",
        "a waste of oxygen",
        "unlovable",
        "not worth it",
        "not worth living",
        "better off dead",
        "empty inside",
        "dead inside",
      ],
    ),
  ),
  rule(
    "self-harm-nobody-cares",
    "self_harm_risk",
    "urgent",
    "Child says nobody cares about them",
    seq(
      NOBODY,
      fill(["would", "will", "wud", "wd", "d", "is going to", "gonna", "even", "ever", "really", "actually", "at all"]),
      NOBODY_CARES_ABOUT_ME,
    ),
  ),
  rule(
    "abuse-disclosure",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(ABUSER, fill(ABUSE_FILLER), ABUSE_ACTS, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  // Further apart in one sentence: "my mum says im worthless and hits me", "a man who waits outside
  // school and follows me home".
  rule(
    "abuse-disclosure-far",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(ABUSER, gap(6), ABUSE_ACTS, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  // "My mum will kill me if I lose this book" is what children say; "he said he will kill me" is a disclosure.
  rule(
    "abuse-threat-to-kill",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(
      ABUSER,
      gap(3),
      list(`
        said he will kill me, said she will kill me, says he will kill me, says she will kill me, says hell kill me,
        said hed kill me, said shed kill me, said theyll kill me, said they will kill me, said he would kill me,
        said she would kill me, threatened to kill me, threatens to kill me, told me he will kill me,
        told me hed kill me, tried to kill me, tries to kill me, wants to kill me, said he will hurt me,
        said he would hurt me, threatened to hurt me, will hurt me again
      `),
    ),
  ),
  rule(
    "abuse-hit-at-home",
    "self_harm_risk",
    "urgent",
    "Possible abuse disclosure",
    seq(
      I_AM_BEING,
      fill(BEING),
      [
        "hit",
        "beaten",
        "beat",
        "hurt",
        "punched",
        "kicked",
        "slapped",
        "smacked",
        "choked",
        "burned",
        "burnt",
        "locked in",
        "locked out",
        "touched",
        "shouted at and hit",
        "thrown",
      ],
      fill(["again", "at", "last", "night", "every", "day", "always", "really", "badly", "hard", "so", "and"]),
      [
        "at home",
        "by my dad",
        "by my mum",
        "by my mom",
        "by my stepdad",
        "by my step dad",
        "by my parents",
        "by my brother",
        "by my uncle",
        "by my mums boyfriend",
        "by my carer",
        "by my nan",
        "by my grandad",
        "in my house",
      ],
    ),
  ),
  rule(
    "abuse-being-harmed",
    "self_harm_risk",
    "urgent",
    "Possible abuse or bullying disclosure",
    seq(
      I_AM_BEING,
      fill(BEING),
      HARMED_STATES,
      notFollowedBy([
        "once",
        "before",
        "in year",
        "last year",
        "when i was",
        "in primary",
        "years ago",
        "a long time ago",
        "in the past",
        "but its fine",
        "but its ok",
      ]),
    ),
  ),
  rule(
    "danger-afraid",
    "self_harm_risk",
    "urgent",
    "Child says they are afraid",
    seq(AFRAID_SUBJECT, fill(["really", "so", "very", "always", "too", "really really"]), AFRAID, AFRAID_OF),
  ),
  rule("danger-unsafe", "self_harm_risk", "urgent", "Child may be unsafe", words(UNSAFE)),
  rule(
    "danger-online-contact",
    "self_harm_risk",
    "urgent",
    "Possible online grooming or danger",
    words(ONLINE_DANGER),
    words(ONLINE_CONTACT),
  ),
  // A friend's words are reported speech by nature: "my friend said she wants to die".
  {
    ...rule(
      "friend-at-risk",
      "self_harm_risk",
      "urgent",
      "Child reports someone else at risk",
      words(FRIEND_AT_RISK),
      words(MY_FRIEND),
    ),
    skipReportedSpeech: false,
  },
  rule(
    "self-harm-cutting",
    "self_harm_risk",
    "urgent",
    "Possible self-harm",
    seq(
      I_SUBJECT,
      fill([
        "keep",
        "kept",
        "started",
        "start",
        "been",
        "still",
        "have been",
        "ve been",
        "always",
        "sometimes",
        "am",
        "m",
        "really",
        "just",
        "like",
      ]),
      ["cutting", "cutting again", "self harming", "harming myself", "cut again", "relapsed"],
      notFollowedBy([
        "out",
        "the",
        "paper",
        "my hair",
        "a",
        "some",
        "up",
        "it",
        "them",
        "things",
        "shapes",
        "pictures",
        "my nails",
        "class",
        "school",
        "lessons",
        "corners",
        "in",
        "onions",
        "food",
      ]),
    ),
  ),
  rule(
    "self-harm-on-purpose",
    "self_harm_risk",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      [
        "hurt",
        "hurting",
        "hurts",
        "punch",
        "punching",
        "hit",
        "hitting",
        "scratch",
        "scratching",
        "burn",
        "burnt",
        "burned",
      ],
      MYSELF,
      [
        "on purpose",
        "deliberately",
        "again",
        "every day",
        "everyday",
        "every night",
        "when im sad",
        "when i feel",
        "to feel better",
        "because",
        "cos",
        "coz",
        "when im angry",
        "so i",
      ],
    ),
  ),
  rule(
    "self-harm-pills",
    "self_harm_risk",
    "urgent",
    "Possible overdose",
    seq(
      [
        "i took",
        "i swallowed",
        "i have taken",
        "ive taken",
        "i just took",
        "i tried to take",
        "i want to take",
        "im going to take",
        "im gonna take",
        "i wanna take",
      ],
      opt([
        "a load of",
        "loads of",
        "a lot of",
        "lots of",
        "all",
        "all the",
        "all my",
        "all of my",
        "a whole bottle of",
        "a bunch of",
        "too many",
        "a handful of",
        "my mums",
        "my dads",
        "some of my mums",
      ]),
      ["pills", "tablets", "paracetamol", "painkillers", "sleeping pills", "my medicine", "the medicine"],
    ),
  ),

  // violence_threats: high
  rule("school-attack", "violence_threats", "high", "Threat of violence", words(SCHOOL_ATTACK)),
  rule(
    "threat-intent",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      HARM_VERBS,
      TARGETS,
      notFollowedBy(["some", "a piece", "a slice", "a bit"], GAME_CONTEXT),
    ),
  ),
  rule(
    "threat-intent-person",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      HARM_VERBS,
      TARGET_DETERMINERS,
      fill([
        "new",
        "little",
        "fat",
        "stupid",
        "weird",
        "ugly",
        "small",
        "big",
        "annoying",
        "other",
        "year 7",
        "year 8",
        "year 9",
      ]),
      TARGET_PEOPLE,
      notFollowedBy(GAME_CONTEXT),
    ),
  ),
  // "hit you up" means "message you".
  rule(
    "threat-hit",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      I_WILL,
      fill(INTENT_FILLER),
      ["hit", "smack"],
      opt(TARGET_DETERMINERS),
      [...TARGETS, ...TARGET_PEOPLE],
      notFollowedBy(["up"], GAME_CONTEXT),
    ),
  ),
  // Without "I": "gonna stab u". Only at "you", so "is the monster gonna kill him" stays a question.
  rule(
    "threat-bare",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(["gonna", "gunna", "gona", "finna", "bout to", "imma", "ima"], fill(INTENT_FILLER), HARM_VERBS, BARE_YOU),
  ),
  rule(
    "threat-named",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(I_WILL, fill(INTENT_FILLER), NAMEABLE_HARM, anyWordExcept("time", "it", "this", "that", "the", "a"), WHEN),
  ),
  rule("threat-direct", "violence_threats", "high", "Threat of violence", words(THREATS)),
  rule(
    "threat-get-it",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      [
        "ur gonna get it",
        "youre gonna get it",
        "you will get it",
        "ur getting it",
        "youre in for it",
        "ur in for it",
        "you are gonna get it",
      ],
      WHEN,
    ),
  ),
  rule(
    "threat-youre-dead",
    "violence_threats",
    "high",
    "Threat of violence",
    seq(
      notPrecededBy(["after", "when", "once", "before", "if", "until", "till", "unless", "because", "cos", "since"]),
      ["ur dead", "youre dead", "you are dead", "u_r dead", "ur so dead", "youre so dead"],
    ),
  ),
  rule(
    "weapon-to-school",
    "violence_threats",
    "high",
    "Weapon intent",
    seq(CARRY, opt(WEAPON_DETERMINERS), WEAPONS, TO_SCHOOL),
  ),
  // An order to bring one: "bring a knife tmrw".
  rule(
    "weapon-bring",
    "violence_threats",
    "high",
    "Weapon intent",
    seq(
      CLAUSE_START,
      ["bring", "brings", "bring me", "get", "grab", "take", "carry"],
      opt(["a", "an", "ur", "your", "some", "the", "my", "his", "ur dads", "your dads"]),
      REAL_WEAPONS,
    ),
  ),
  rule(
    "weapon-possession",
    "violence_threats",
    "high",
    "Weapon intent",
    seq(
      I_CARRY_SUBJECT,
      fill(["just", "got", "also", "still", "already", "gonna", "going to", "to", "really"]),
      CARRY,
      opt(["a", "an", "some", "my dads", "my brothers", "my mums", "a real", "a big", "a massive", "me", "loads of"]),
      REAL_WEAPONS,
      notFollowedBy([
        "in fortnite",
        "in minecraft",
        "in roblox",
        "in the game",
        "in game",
        "in cod",
        "in gta",
        "on fortnite",
      ]),
    ),
  ),

  // sexual: high
  rule("sexual-words", "sexual", "high", "Sexual content", words(SEXUAL_WORDS)),
  rule(
    "sexual-want-you",
    "sexual",
    "high",
    "Sexual content",
    seq(
      [
        "i want to",
        "i wanna",
        "i wana",
        "lets",
        "wanna",
        "want to",
        "i will",
        "ill",
        "i would",
        "id",
        "i wish i could",
        "can i",
      ],
      fill(["just", "really", "so", "go", "and"]),
      ["fuck", "shag", "bang", "sleep with", "have sex with", "do it with", "screw", "hook up with", "do stuff with"],
      ["you", "u", "ya", "her", "him", "me", "them"],
    ),
  ),
  // "The gentler sex", "her sex" in older books.
  rule("sexual-sex", "sexual", "high", "Sexual content", seq(notPrecededBy(SEX_AS_GENDER), ["sex", "secks", "seks"])),
  rule("sexual-body", "sexual", "high", "Sexual content", seq(SEXUAL_BODY_VERBS, OWNERS, BODY_PARTS)),
  rule(
    "sexual-explicit-parts",
    "sexual",
    "high",
    "Sexual content",
    seq(OWNERS, opt(["big", "massive", "small", "tiny", "hairy"]), EXPLICIT_PARTS),
  ),
  rule(
    "sexual-send-pics",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      SEND_PICS_VERBS,
      opt(SEND_PICS_ADJECTIVES),
      opt(SEND_PICS_ADJECTIVES),
      SEND_PICS_OBJECTS,
      notFollowedBy(["of", "from", "for", "about", "with"]),
    ),
  ),
  rule("sexual-grooming", "sexual", "high", "Sexual request (grooming-like)", words(GROOMING_ASKS)),
  rule(
    "sexual-see-naked",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      [
        "show me",
        "send me",
        "let me see",
        "i want to see",
        "wanna see",
        "can i see",
        "i wanna see",
        "show",
        "facetime",
        "facetime me",
        "call me",
        "video call",
      ],
      fill(["ur", "your", "urself", "yourself", "you", "body", "all", "me", "with", "me with"]),
      [
        "naked",
        "nude",
        "no clothes",
        "no clothes on",
        "without clothes",
        "without ur clothes",
        "in your underwear",
        "topless",
        "with no top",
        "no top on",
      ],
    ),
  ),
  rule(
    "sexual-youre-hot",
    "sexual",
    "high",
    "Sexual content",
    seq(
      [...YOU_ARE, ...YOUR_OR_YOU_ARE],
      fill(["so", "really", "rly", "very", "proper", "well", "soo"]),
      ["sexy", "peng", "hot and sexy"],
      CLAUSE_END,
    ),
  ),
  rule(
    "sexual-send-body-pics",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      SEND_PICS_VERBS,
      opt(SEND_PICS_ADJECTIVES),
      opt(SEND_PICS_ADJECTIVES),
      ["pic", "pics", "picture", "pictures", "photo", "photos", "vid", "video", "snap", "snaps", "selfie"],
      ["of ur", "of your", "of u in ur", "of you in your", "of you in ur", "of u in your", "of you with", "of u with"],
      [
        ...BODY_PARTS,
        "underwear",
        "pants",
        "bra",
        "knickers",
        "bikini",
        "no clothes",
        "no top",
        "top off",
        "clothes off",
      ],
    ),
  ),

  // bullying_hate: high
  rule("tell-to-die", "bullying_hate", "high", "Telling someone to harm themselves", words(TELL_TO_DIE)),
  rule(
    "tell-to-die-should",
    "bullying_hate",
    "high",
    "Telling someone to harm themselves",
    seq(
      BARE_YOU,
      fill(["just", "really", "literally", "honestly", "all"]),
      list(`
        should, shud, shld, need to, better, might as well, deserve to, ought to, can go, go, should go, should just,
        can just, need to go, go and, just go
      `),
      fill(["just", "go", "and", "really"]),
      list(`
        end it, end urself, end yourself, end ur life, end your life, die, disappear, not exist, go die, drop dead,
        jump off a bridge, jump off a cliff, rot, burn in hell
      `),
    ),
  ),
  rule(
    "tell-nobody-would-care",
    "bullying_hate",
    "high",
    "Telling someone to harm themselves",
    seq(NOBODY, fill(["would", "wud", "wd", "will", "even", "actually", "really", "gonna", "ever"]), [
      "care if you died",
      "care if you die",
      "miss you",
      "notice if you died",
      "notice if you were gone",
      "cry if you died",
      "care if you disappeared",
      "care if you were gone",
      "care if you killed yourself",
      "notice if you disappeared",
    ]),
  ),
  rule(
    "kill-yourself",
    "bullying_hate",
    "high",
    "Telling someone to harm themselves",
    seq(notPrecededBy(NOT_AN_ORDER), KILL_YOURSELF),
  ),
  rule("slur", "bullying_hate", "high", "Slur", words(SLURS)),
  rule(
    "hate-group",
    "bullying_hate",
    "high",
    "Hate speech",
    seq(HATE_VERBS, opt(["all", "the", "those", "these", "dirty", "stupid", "fucking", "bloody"]), GROUPS),
  ),
  rule(
    "hate-group-are",
    "bullying_hate",
    "high",
    "Hate speech",
    seq(
      opt(["all", "all the", "the", "those", "these"]),
      GROUPS,
      GROUP_VERBS,
      opt(["all", "just", "so", "such", "fucking", "dirty", "literally", "like", "basically", "a bunch of"]),
      DEHUMANISING,
    ),
  ),
  rule("hate-go-back", "bullying_hate", "high", "Hate speech", words(GO_BACK)),
  rule(
    "hate-group-do",
    "bullying_hate",
    "high",
    "Hate speech",
    seq(opt(["all", "all the", "the", "those", "these"]), GROUPS, opt(["all", "just", "literally", "always"]), [
      "stink",
      "smell",
      "smell bad",
      "should die",
      "should go home",
      "dont belong here",
      "ruin everything",
      "ruin this country",
      "are taking over",
      "steal",
      "need to leave",
      "should be banned",
      "should be killed",
      "deserve to die",
    ]),
  ),
  rule("directed-swearing", "bullying_hate", "high", "Swearing at someone", words(DIRECTED_SWEARING)),
  rule(
    "strong-insult",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(YOU_ARE, fill(INTENSIFIERS), STRONG_INSULTS),
  ),
  // "your a loser": after an article "your" cannot be a possessive.
  rule(
    "strong-insult-your-a",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(YOUR_OR_YOU_ARE, NOT_POSSESSIVE, fill(INTENSIFIERS), STRONG_INSULTS),
  ),
  rule(
    "strong-insult-your",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(YOUR_OR_YOU_ARE, fill(INTENSIFIERS), STRONG_INSULTS, CLAUSE_END),
  ),
  rule(
    "identity-insult",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      [...YOU_ARE, ...YOUR_OR_YOU_ARE],
      fill(INTENSIFIERS),
      ["gay", "a gay", "lesbian", "a lesbian", "queer"],
      CLAUSE_END,
    ),
  ),
  rule(
    "strong-insult-you",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      BARE_YOU,
      fill(BARE_YOU_ADJECTIVES),
      STRONG_INSULTS.filter((insult) => !IDENTITY_WORDS.has(insult)),
      CLAUSE_END,
    ),
  ),
  rule(
    "exclusion-nobody",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(NOBODY, opt(["ever", "even", "actually", "really", "literally"]), EXCLUSION),
  ),
  rule(
    "exclusion-everyone",
    "bullying_hate",
    "high",
    "Bullying (exclusion)",
    seq(EVERYONE, opt(["literally", "actually", "really", "secretly", "in school"]), EVERYONE_AGAINST),
  ),
  rule("exclusion-no-friends", "bullying_hate", "high", "Bullying (exclusion)", words(NO_FRIENDS)),
  rule(
    "your-mum",
    "bullying_hate",
    "high",
    "Insult about someone's family",
    seq(YOUR_MUM, YOUR_MUM_IS, fill(INTENSIFIERS), [...STRONG_INSULTS, ...MILD_INSULTS, "dead", "smells", "stinks"]),
  ),

  // bullying_hate: low
  rule(
    "mild-insult",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(YOU_ARE, fill(INTENSIFIERS), MILD_INSULTS),
  ),
  rule(
    "mild-insult-your-a",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(YOUR_OR_YOU_ARE, NOT_POSSESSIVE, fill(INTENSIFIERS), MILD_INSULTS),
  ),
  rule(
    "mild-insult-your",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(YOUR_OR_YOU_ARE, fill(INTENSIFIERS), MILD_INSULTS, CLAUSE_END),
  ),
  rule(
    "mild-insult-you",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(BARE_YOU, fill(BARE_YOU_ADJECTIVES), INSULT_NOUNS, CLAUSE_END),
  ),
  rule(
    "shut-up-insult",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(SHUT_UP, opt(BARE_YOU), fill(BARE_YOU_ADJECTIVES), INSULT_NOUNS, CLAUSE_END),
  ),
  // "ok loser": only names that no character has ("haha rat is so funny" is about Ratty).
  rule(
    "interjection-insult",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(
      ["bye", "ok", "okay", "lol", "haha", "hey", "oi", "oy", "yeah ok", "sure"],
      fill(BARE_YOU_ADJECTIVES),
      ALONE_INSULTS,
      {
        kind: "clauseEnd",
        strict: true,
      },
    ),
  ),
  rule("mild-insult-phrase", "bullying_hate", "low", "Unkind words aimed at a person", words(MILD_INSULT_PHRASES)),
  rule(
    "looks-like",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(
      BARE_YOU,
      [
        "look like",
        "looks like",
        "r like",
        "are like",
        "smell like",
        "smel like",
        "sound like",
        "act like",
        "stink like",
      ],
      opt(["a", "an", "such a", "a big", "a fat", "a dirty", "an ugly", "a smelly"]),
      [
        ...INSULT_NOUNS,
        "poo",
        "poop",
        "shit",
        "a bin",
        "bins",
        "rubbish",
        "trash",
        "a dog",
        "dog",
        "sick",
        "wee",
        "pee",
        "fish",
        "a boy",
        "a man",
      ],
    ),
  ),
  // A message (or sentence) that is only an insult is aimed at whoever reads it: "Idiot!", "loser lol".
  rule(
    "insult-alone",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(CLAUSE_START, opt(["such a", "ur a", "total", "absolute", "big", "fat", "stupid", "ugly"]), ALONE_INSULTS, {
      kind: "clauseEnd",
      strict: true,
    }),
  ),
  rule(
    "insult-alone-described",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(
      CLAUSE_START,
      [
        "fat",
        "ugly",
        "stupid",
        "dirty",
        "smelly",
        "disgusting",
        "dumb",
        "little",
        "big fat",
        "fat ugly",
        "ugly fat",
        "stupid fat",
      ],
      [...INSULT_NOUNS, "gay", "retard"],
      { kind: "clauseEnd", strict: true },
    ),
  ),
  rule(
    "insult-alone-phrase",
    "bullying_hate",
    "low",
    "Insult aimed at a person",
    seq(
      CLAUSE_START,
      [
        "ur mum",
        "your mum",
        "ur mom",
        "your mom",
        "yo mama",
        "yo momma",
        "so gay",
        "ur gay",
        "loser alert",
        "nerd alert",
      ],
      {
        kind: "clauseEnd",
        strict: true,
      },
    ),
  ),
  rule(
    "strong-insult-alone",
    "bullying_hate",
    "high",
    "Insult aimed at a person",
    seq(
      CLAUSE_START,
      opt(["such a", "ur a", "fat", "stupid", "ugly", "dirty", "little"]),
      [
        "bitch",
        "slag",
        "slut",
        "whore",
        "cunt",
        "twat",
        "dickhead",
        "prick",
        "wanker",
        "bastard",
        "motherfucker",
        "asshole",
        "arsehole",
        "knobhead",
        "bellend",
        "scumbag",
      ],
      { kind: "clauseEnd", strict: true },
    ),
  ),
  rule(
    "you-stink",
    "bullying_hate",
    "low",
    "Unkind words aimed at a person",
    seq(
      BARE_YOU,
      opt(["really", "so", "literally"]),
      ["smell", "smel", "suck", "sux", "stink", "stink so bad", "smell so bad"],
      CLAUSE_END,
    ),
  ),
  rule("swearing", "bullying_hate", "low", "Strong swearing", seq(stem(SWEAR_STEMS))),
  rule("swearing-words", "bullying_hate", "low", "Strong swearing", words(SWEAR_WORDS)),
  ...GENERAL_RULES,
  ...CONCEPT_RULES,
];
