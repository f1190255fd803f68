// threat_violence (high): threats of violence against a real person, place or animal, weapons, and
// asking how to hurt someone. A threat needs a real target and intent, so that "who killed the giant"
// and "I'll beat you at chess" pass.

import type { LexiconRule } from "../engine.js";
import {
  list,
  seq,
  opt,
  fill,
  notFollowedBy,
  gap,
  anyWordExcept,
  notPrecededBy,
  CLAUSE_START,
  rule,
  words,
  BARE_YOU,
  SOMEONE,
  GAME_CONTEXT,
} from "./shared.js";

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

export const THREAT_RULES: readonly LexiconRule[] = [
  // violence_threats: high
  rule("school-attack", "threat_violence", "high", "Threat of violence", words(SCHOOL_ATTACK)),
  rule(
    "threat-intent",
    "threat_violence",
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
    "threat_violence",
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
    "threat_violence",
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
    "threat_violence",
    "high",
    "Threat of violence",
    seq(["gonna", "gunna", "gona", "finna", "bout to", "imma", "ima"], fill(INTENT_FILLER), HARM_VERBS, BARE_YOU),
  ),
  rule(
    "threat-named",
    "threat_violence",
    "high",
    "Threat of violence",
    seq(I_WILL, fill(INTENT_FILLER), NAMEABLE_HARM, anyWordExcept("time", "it", "this", "that", "the", "a"), WHEN),
  ),
  rule("threat-direct", "threat_violence", "high", "Threat of violence", words(THREATS)),
  rule(
    "threat-get-it",
    "threat_violence",
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
    "threat_violence",
    "high",
    "Threat of violence",
    seq(
      notPrecededBy(["after", "when", "once", "before", "if", "until", "till", "unless", "because", "cos", "since"]),
      ["ur dead", "youre dead", "you are dead", "u_r dead", "ur so dead", "youre so dead"],
    ),
  ),
  rule(
    "weapon-to-school",
    "threat_violence",
    "high",
    "Weapon intent",
    seq(CARRY, opt(WEAPON_DETERMINERS), WEAPONS, TO_SCHOOL),
  ),
  // An order to bring one: "bring a knife tmrw".
  rule(
    "weapon-bring",
    "threat_violence",
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
    "threat_violence",
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
  // violence_threats
  rule(
    "threat-real-life",
    "threat_violence",
    "high",
    "Threat of violence",
    seq(INTENT, fill(INTENT_FILLER), HARM_ACTS, ["him", "her", "them", "u", "you"], gap(6), REAL_LIFE),
  ),
  rule(
    "threat-named-later",
    "threat_violence",
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
    "threat_violence",
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
    "threat_violence",
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
    "threat_violence",
    "high",
    "Threat of violence",
    seq(INTENT, fill(INTENT_FILLER), HARM_ACTS, PETS, notFollowedBy(GAME_CONTEXT)),
  ),
  rule(
    "threat-how-to",
    "threat_violence",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(5), HOW_HARM, SOMEONE, notFollowedBy(GAME_CONTEXT)),
  ),
  rule(
    "threat-knock-out",
    "threat_violence",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(3), ["knock", "choke", "strangle"], SOMEONE, ["out", "unconscious", "till they pass out"]),
  ),
  rule(
    "threat-make-sick",
    "threat_violence",
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
    "threat_violence",
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
    "threat-until-out",
    "threat_violence",
    "high",
    "Asks how to hurt someone",
    seq(
      ["hit", "punch", "choke", "strangle", "kick", "hurt"],
      SOMEONE,
      ["so they", "so he", "so she", "until they", "till they", "until he", "till he", "until she", "till she"],
      ["pass out", "passes out", "stop breathing", "stops breathing", "die", "dies", "bleed", "bleeds", "faint"],
    ),
  ),
  // violence_threats
  rule(
    "threat-me-and",
    "threat_violence",
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
    "threat_violence",
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
    "threat_violence",
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
  rule("threat-violent-end", "threat_violence", "high", "Threat of violence", seq(ANY_INTENT, gap(10), VIOLENT_ENDS)),
  rule(
    "threat-wont-see-it-coming",
    "threat_violence",
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
    "threat_violence",
    "high",
    "Threat of violence",
    seq(ANY_INTENT, fill(INTENT_FILLER), LIE_IN_WAIT, gap(6), ARMED_WITH),
  ),
  rule(
    "threat-where-they-live",
    "threat_violence",
    "high",
    "Threat of violence",
    seq(ANY_INTENT, fill(INTENT_FILLER), WHERE_THEY_LIVE),
  ),
  rule(
    "threat-spike",
    "threat_violence",
    "high",
    "Asks how to poison someone",
    words(SUBSTANCES),
    INTO_FOOD,
    words(SPIKE_CUES),
  ),
  rule(
    "threat-make-weapon",
    "threat_violence",
    "high",
    "Asks how to make a weapon",
    seq(HOW_MAKE, gap(2), MAKE_WEAPON),
  ),
  rule(
    "threat-mix-gas",
    "threat_violence",
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
    "threat_violence",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(2), ...BREAK_BONES),
  ),
  rule(
    "threat-make-fall",
    "threat_violence",
    "high",
    "Asks how to hurt someone",
    seq(HOW_TO, gap(2), ["make", "get"], SOMEONE, FALL_HARM),
  ),
  rule("threat-cover-up", "threat_violence", "high", "Asks how to hurt someone", seq(HOW_TO, gap(10), COVER_UP)),
  rule(
    "threat-animal-poison",
    "threat_violence",
    "high",
    "Threat to an animal",
    words(ANIMAL_POISONS),
    words(ANIMALS),
    words(ANIMAL_CUES),
  ),
  rule(
    "threat-someones-pet",
    "threat_violence",
    "high",
    "Threat to an animal",
    seq(ANY_INTENT.concat(CLAUSE_INTENT), fill(INTENT_FILLER), HURT_PETS, SOMEONES_PET, ANIMALS),
  ),
  rule("threat-attack-dog", "threat_violence", "high", "Threat of violence", ATTACK_TRAIN),
  rule(
    "threat-push-anyone",
    "threat_violence",
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
    "threat_violence",
    "high",
    "Threat of violence",
    seq(ANY_INTENT.concat(CLAUSE_INTENT), fill(INTENT_FILLER), ...SET_ALIGHT),
  ),
];
