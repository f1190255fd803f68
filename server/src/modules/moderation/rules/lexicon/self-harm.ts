// risk_self_harm (urgent): suicide and self-harm in the child's own words, including misspelt, slangy
// and indirect wordings, disordered eating, and a friend at risk.

import type { LexiconRule } from "../engine.js";
import {
  list,
  seq,
  opt,
  fill,
  notFollowedBy,
  gap,
  rule,
  words,
  MYSELF,
  I_SUBJECT,
  FIRST_PERSON_ADVERBS,
  NOBODY,
  MY_FRIEND,
} from "./shared.js";

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
/** "everyone would be better off", "my family will be so much happier": the start of both "…without me" rules. */
const BETTER_OFF = [
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
] as const;

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
const NOBODY_CARES_ABOUT_ME = list(`
  miss me, care if i died, care if i was gone, care if im gone, care if i disappeared, care if i wasnt here,
  cares if i die, cares if i died, notice if i was gone, notice if i died, notice if i disappeared, be sad if i died,
  cry if i died, care about me, cares about me, loves me, love me, likes me, wants me, wants me around, needs me,
  care if i was dead, care if i killed myself, notice if i was dead, miss me if i died, miss me if i was gone,
  care if i wasnt alive
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
/** A friend or sibling who may harm themselves: a risk to a child too. */
const FRIEND_AT_RISK = list(`
   kill herself, kill himself, kill themself, kill themselves, killing herself, killing himself, hurt herself,
   hurt himself, hurts herself, hurts himself, hurting herself, hurting himself, cut herself, cut himself,
   cuts herself, cuts himself, cutting herself, cutting himself, self harm, self harms, self harming, suicidal,
   wants to die, want to die, wanna die, end her life, end his life, starve herself, starving herself
`);

export const SELF_HARM_RULES: readonly LexiconRule[] = [
  // self_harm_risk: urgent
  rule(
    "self-harm-reflexive",
    "risk_self_harm",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(SELF_HARM_ACTS, MYSELF, notFollowedBy(["laughing", "laughin", "laughed", "with laughter", "sick laughing"])),
  ),
  rule("self-harm-words", "risk_self_harm", "urgent", "Possible self-harm or suicide risk", words(SELF_HARM_WORDS)),
  rule(
    "self-harm-wish",
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(I_SUBJECT, fill(SUICIDAL_FILLER), ["suicidal", "suicidal thoughts", "thoughts of suicide"]),
  ),
  rule("self-harm-statement", "risk_self_harm", "urgent", "Possible self-harm or suicide risk", words(RISK_STATEMENTS)),
  rule(
    "self-harm-life-pointless",
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(...BETTER_OFF, [
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
    ]),
  ),
  rule(
    "self-harm-better-if-i-died",
    "risk_self_harm",
    "urgent",
    "Possible self-harm or suicide risk",
    seq(
      ...BETTER_OFF,
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
    "urgent",
    "Child says nobody cares about them",
    seq(
      NOBODY,
      fill(["would", "will", "wud", "wd", "d", "is going to", "gonna", "even", "ever", "really", "actually", "at all"]),
      NOBODY_CARES_ABOUT_ME,
    ),
  ),
  // A friend's words are reported speech by nature: "my friend said she wants to die".
  {
    ...rule(
      "friend-at-risk",
      "risk_self_harm",
      "urgent",
      "Child reports someone else at risk",
      words(FRIEND_AT_RISK),
      words(MY_FRIEND),
    ),
    skipReportedSpeech: false,
  },
  rule(
    "self-harm-cutting",
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
  // self_harm_risk
  rule("risk-farewell", "risk_self_harm", "urgent", "Possible self-harm or suicide risk", words(FAREWELL)),
  rule(
    "risk-not-eating-punishment",
    "risk_self_harm",
    "urgent",
    "Possible self-harm (not eating)",
    seq(NOT_EATING, gap(8), PUNISHMENT),
  ),
  rule(
    "risk-not-eating-days",
    "risk_self_harm",
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
    "risk_self_harm",
    "urgent",
    "Possible suicide risk",
    words(WISH_WAS_ME),
    words(DEATH_WORDS),
  ),
  // Indirect suicidal talk, methods, self-injury, eating.
  // self_harm_risk: indirect suicidal talk, methods, self-injury, eating, neglect, abuse, grooming
  rule(
    "risk-thinking-about-dying",
    "risk_self_harm",
    "urgent",
    "Possible suicide risk",
    seq(I_THINK_ABOUT, fill(["a lot", "sometimes", "often", "always", "just", "really"]), DYING_THOUGHTS),
  ),
  rule(
    "risk-whats-the-point",
    "risk_self_harm",
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
    "risk_self_harm",
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
  rule("risk-burden", "risk_self_harm", "urgent", "Possible suicide risk", words(BURDEN)),
  rule("risk-if-i-died", "risk_self_harm", "urgent", "Possible suicide risk", seq(IF_I_DIED, gap(4), WOULD_ANYONE)),
  rule(
    "risk-if-i-died-asked",
    "risk_self_harm",
    "urgent",
    "Possible suicide risk",
    seq(WOULD_ANYONE, gap(5), IF_I_DIED),
  ),
  rule(
    "risk-my-funeral",
    "risk_self_harm",
    "urgent",
    "Possible suicide risk",
    words(["plan my funeral", "planning my funeral", "planned my funeral"]),
  ),
  rule(
    "risk-method-painless",
    "risk_self_harm",
    "urgent",
    "Asks about a suicide method",
    seq(METHOD_WORDS, gap(4), PAINLESS),
  ),
  rule(
    "risk-method-height",
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
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
    "risk_self_harm",
    "urgent",
    "Possible self-harm",
    seq(INJURE_INTO, opt(["it", "them"]), gap(3), ["into"], MY_BODY),
  ),
  rule(
    "risk-injure-how",
    "risk_self_harm",
    "urgent",
    "Possible self-harm",
    seq(I_SUBJECT, fill(FIRST_PERSON_ADVERBS), INJURE_VERBS, MY_BODY, INJURY_HOW),
  ),
  rule("risk-blades", "risk_self_harm", "urgent", "Possible self-harm", seq(GET_BLADES, gap(3), BLADES)),
  rule(
    "risk-eating-plan",
    "risk_self_harm",
    "urgent",
    "Possible disordered eating",
    seq(I_SUBJECT, fill(FIRST_PERSON_ADVERBS), INTEND_TO, fill(FIRST_PERSON_ADVERBS), NOT_EAT_PLANS),
  ),
  rule("risk-too-fat", "risk_self_harm", "urgent", "Possible disordered eating", words(TOO_FAT)),
];
