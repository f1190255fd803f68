// swearing_mild (low) and swearing_strong (high): the words come from the `obscenity` package's English
// dataset (its patterns catch "fuuuck", "sh1t", "f*ck"...); this file says what each of its words is for
// us, adds the words it lacks (mild swearing and text-speak), and keeps book words clean. Swearing
// aimed at someone is bullying_hate (the "swear" rules in bullying.ts); slurs are bullying_hate
// wherever they appear. The matcher is ../swearing.ts.

import { list } from "./shared.js";

/**
 * What a word found by the swearing matcher is:
 * - strong: strong swearing ("shit", "fucking");
 * - curse: a verb that can be aimed ("fuck" in "fuck you", "fuck off"), else strong;
 * - person: strong swearing that names a person ("dickhead", "bitch", "wanker");
 * - personOnly: only an insult when aimed at someone ("dick", "prick", "chink", "dyke"): "Dick
 *   Johnson", "a chink of light" and "the boy at the dyke" stay clean;
 * - slur: hate, wherever it appears;
 * - aimed: aimed at someone by itself ("stfu");
 * - mild: mild swearing and its abbreviations.
 */
export type SwearKind = "strong" | "curse" | "person" | "personOnly" | "slur" | "aimed" | "mild";

/** The obscenity English dataset's words, by what they are for us; words not listed are dropped. */
export const OBSCENITY_WORDS: Readonly<Record<string, SwearKind>> = {
  // Strong swearing. The sexual words of the dataset ("porn", "sex"...) are left to sexual.ts, which
  // knows "the gentler sex" from a request.
  fuck: "curse",
  shit: "strong",
  bollocks: "strong",
  wank: "strong",
  bastard: "person",
  bitch: "person",
  cunt: "person",
  twat: "person",
  slut: "person",
  whore: "person",
  dick: "personOnly",
  prick: "personOnly",
  pussy: "personOnly",
  cuck: "personOnly",
  // Mild in British English.
  arse: "mild",
  ass: "mild",
  piss: "mild",
  turd: "mild",
  // Slurs.
  abeed: "slur",
  abo: "slur",
  africoon: "slur",
  arabush: "slur",
  boonga: "slur",
  chingchong: "slur",
  kike: "slur",
  nigger: "slur",
  retard: "slur",
  spastic: "slur",
  tranny: "slur",
  chink: "personOnly",
  dyke: "personOnly",
  fag: "personOnly",
};

/**
 * Words the dataset lacks, as obscenity patterns ("|" a word boundary, "[x]" optional). The matcher
 * collapses doubled letters before matching (but not b, e, o, l, s, g), so "dammit" is written "damit".
 */
export const EXTRA_WORDS: Readonly<Record<SwearKind, readonly string[]>> = {
  strong: [
    "|fvck",
    "|fvk",
    "|phuck",
    "|phuk",
    "|fuq",
    "|fuc|",
    "|fcuk",
    "|fook",
    "|shat|",
    "|bollox",
    "|shiet",
    "|sh*t",
  ],
  curse: [],
  person: ["|tosser", "|knobhead", "|nobhead", "|bellend", "|b*tch", "|c*nt", "|biatch"],
  personOnly: [],
  slur: ["|faggot", "|fagot", "|fggot"],
  aimed: ["|stfu", "|gtfo|"],
  mild: [
    "|damn|",
    "|damit|",
    "|damnit|",
    "|dayum|",
    "|daym|",
    "godam",
    "|crap",
    "|bugger",
    "|sod off|",
    "|sod it|",
    "|sod this|",
    "|sod that|",
    "|soding",
    "|sods law|",
    "|wtf",
    "|wtaf|",
    "|wth|",
    "|fs|",
    "|omfg|",
    "|fml|",
    "|cba|",
    "|efing|",
    "|efin|",
    "|feck",
    "|fek|",
    "|hella|",
    "|hell|",
    "|hells bells|",
    "|bloody|",
  ],
};

/**
 * Book words and names that contain a swear word: never swearing. Written as the canonical text
 * reads (../normalise.ts): lower case, punctuation as spaces.
 */
export const NOT_SWEARING = list(`
  dickon, dickens, dick whittington, moby dick, dick turpin, dick dastardly, dick king smith, dick johnson,
  dick sand, dick tracy, dick van dyke, dick francis, uncle dick, pussy cat, pussycat, pussy willow, pussy cats,
  niggardly, trafficker, trafficking, traffick, assyria, assyrian, assorted, assortment, retardant, retardation,
  prick up, pricks up, prick of, damnation, shitake, shiitake, scunthorpe, penistone, crappie, crapstone, shitterton,
  bitchfield, the law is a ass, law is a ass
`);

/** "Hell" as a swear word rather than a place: just before it ("what the hell", "bloody hell")... */
export const HELL_BEFORE = list(`
  what the, why the, who the, how the, where the, when the, what in the, what the bloody, bloody, oh, holy, as, like,
  fucking, fuckin, effing, effin, frickin, fricking, buggering, bloody well, hells
`);
/** ...just after it ("hell no", "hell of a book")... */
export const HELL_AFTER = list(`
  no, yeah, yes, nah, of a, to the no, bells, yea, ya
`);
/** ...or at the start of a clause ("oh hell", "go to hell maths homework")... */
export const HELL_AT_START = list(`
  go to, oh, holy
`);
/** ...or "the hell" starting a question ("the hell is a phaeton?", not "the hell scene in the book"). */
export const THE_HELL_QUESTION = list(`
  is, was, did, does, do, kinda, kind of, are, happened, just, you, u, i, are you, r u
`);

/** "Bloody" meaning covered in blood: before these ("a bloody knife", "the Bloody Tower")... */
export const BLOOD_NOUNS = list(`
  nose, noses, knife, knives, hand, hands, sword, swords, footprints, footprint, battle, battles, war, wars, fight,
  fights, deed, deeds, murder, murders, wound, wounds, cut, cuts, lip, lips, finger, fingers, knee, knees,
  handkerchief, tissue, tissues, clothes, shirt, bandage, bandages, axe, dagger, daggers, tooth, teeth, mouth, paw,
  paws, feathers, water, sheets, body, bodies, corpse, scene, bones, claws, fangs, spear, trail, marks, mark, stain,
  stains, mary, queen mary, circuit, sojourn, revolution, massacre, battlefield, field, fields, stump, head, heads,
  rag, rags, towel, cloth, mess, arm, arms, leg, legs, floor, snow, ground, and, sword, blade, glove, gloves, print,
  prints, nail, nails, hook, bite, end, handprint, handprints, sock, socks, chamber, tower, trail, shoe, shoes,
  bandage, sheet, pillow, carpet, wall, walls, tissue, plaster, hanky
`);
/** ...or after a linking verb when no adjective follows ("the knife was bloody IN the murder scene"). */
export const BLOOD_LINKING = list(`
  was, were, is, are, got, get, gets, all, covered, looked, look, looks, became, turned, went, be, been, still, very
`);
/** What follows a literal "was bloody": the end of the clause or one of these. */
export const BLOOD_AFTER_LINKING = list(`
  in, on, at, after, from, with, and, when, because, cos, where, by, but, so, from, as, like, all over
`);
/** "Ass" is a donkey in these messages ("Bottom is turned into an ass", "Puzzle the ass"). */
export const DONKEY_CONTEXT = list(`
  donkey, donkeys, bottom, bottoms, balaam, puzzle, bray, brays, brayed, braying, ears, titania, oberon, midsummer,
  foal, cart, saddle, stable, mule, pinocchio, lampwick, asses, headed, animal, animals, shrek, fable, fables, aesop,
  lion, lions
`);
/** "Bitch" is a female dog in these messages. */
export const DOG_CONTEXT = list(`
  dog, dogs, puppy, puppies, pup, pups, breed, breeds, breeding, breeder, greyhound, greyhounds, litter, kennel,
  kennels, dalmatian, dalmatians, whelp, whelped, vixen, fox, wolf, wolves, hound, hounds
`);
/** "Faggots" are meatballs or bundles of sticks in these messages. */
export const FAGGOT_CONTEXT = list(`
  wood, sticks, stick, firewood, bundle, bundles, kindling, peas, mushy peas, gravy, meatballs, meatball, mash,
  dinner, tea, lunch, butcher, butchers, brains, food, ate, eat, eating, onion, onions, recipe, oven
`);
/**
 * Asking about a word rather than using it: "what does 'bastard' mean in King Lear", "is damn a swear
 * word", "the pirate says damn your eyes". Before the word...
 */
export const MENTION_BEFORE = list(`
  the word, word, says, say, said, saying, called, called a, calls, calls her a, calls him a, spell, spelt, spelled,
  skip, spelling of
`);
/** ...and after it. */
export const MENTION_AFTER = list(`
  mean, means, meant, is a swear, is a swear word, a swear, a swear word, is rude, a rude word, is the word,
  is a word, in king lear, when reading
`);

/** A masked word: "f***", "f**k", "sh*t" (fully masked swearing is mild, unless it is aimed). */
export const MASKED_MILD = /(?<![a-z0-9*])(?:f\*+(?:c?k|ing|in|s)?|f\*\*+|sh\*+t?|s\*\*+t?)(?![a-z0-9])/g;
/** After a masked word, these make it aimed: "f*** you", "f*** off". */
export const MASKED_AIMED_AFTER = /^\W*(?:you|u|ya|off|yourself|urself)\b/;
