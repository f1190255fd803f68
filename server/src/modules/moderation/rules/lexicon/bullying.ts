// bullying_hate (high; a mild insult low): insults, swearing aimed at someone, telling someone to harm
// themselves, exclusion, hate speech and slurs, and asking for help to be unkind. An insult needs a
// person ("YOU are stupid", "jake is a dickhead"), so that "is Heathcliff cruel?" passes.

import type { LexiconRule } from "../engine.js";
import {
  list,
  seq,
  opt,
  fill,
  stem,
  notFollowedBy,
  gap,
  anyWordExcept,
  notPrecededBy,
  CLAUSE_END,
  CLAUSE_END_STRICT,
  CLAUSE_START,
  swear,
  rule,
  words,
  YOU_ARE,
  YOUR_OR_YOU_ARE,
  BARE_YOU,
  NOBODY,
} from "./shared.js";

/** After these, "your" is "you're": "your A loser", "your SO dumb". */
const NOT_POSSESSIVE = list(`
  a, an, so, such, such a, such an, really, rly, very, proper, literally, actually, the biggest, the most, being,
  being a, just a, just so, too, always, always so, kinda, lowkey
`);
/** Adjectives allowed between a bare "you" and the insult: "you STUPID idiot". */
const BARE_YOU_ADJECTIVES = list(`
  stupid, fat, little, ugly, dirty, big, fucking, fking, smelly, absolute, complete, total, dumb, useless, pathetic,
  disgusting, bloody
`);
/** Words between "you are" and the insult: "you're SUCH A BIG fat idiot". */
const INTENSIFIERS = list(`
  so, such, a, an, rly, really, very, proper, total, complete, absolute, massive, big, fat, little, stupid, dumb,
  ugly, fucking, fking, fkn, freaking, bloody, literally, just, the biggest, actually, like, being, the most, a bit,
  kind of, kinda, lowkey, always, still, the, dirty, disgusting, ugly, smelly
`);
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
/** Slurs: flagged wherever they appear (high). ../swearing.ts knows more, and "faggots" the meatballs. */
const SLURS = list(`
  nigger, niggers, nigga, niggas, niggaz, nigguh, niga, nig nog, coon, coons, wog, wogs, golliwog, paki, pakis,
  chinky, gook, spic, spics, kike, kikes, raghead, towelhead, sand nigger, gyppo, gippo, pikey, pikeys, tranny, trannies, shemale, retard, retards, retarded, spastic, spaz, spazz, spakka, mong, mongo,
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
/** Insults that are hateful or cruel when aimed at someone (high). Swear words are found by ../swearing.ts. */
const STRONG_INSULTS = list(`
   homo, terrorist, a terrorist, bomber, autistic, autist, sped, special needs, disabled, cripple, mental, psycho,
   schizo, monkey, ape, gorilla, slag, hoe, skank, thot, knob, scum, scumbag, worthless, waste of space,
   waste of oxygen, waste of air, subhuman, piece of crap, nonce, paedo, pedo, fat pig, fat cow, a mistake,
   an accident, unlovable, pathetic excuse
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
/** Every way of naming a group: "immigrants", "gay people", "those lot". */
const GROUP_NAMES = [
  ...GROUPS,
  ...GROUP_PHRASES,
  ...GROUP_ADJECTIVES.flatMap((adjective) => PEOPLE_WORDS.map((p) => `${adjective} ${p}`)),
];
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
/** Rude phrases aimed at someone that are not swear words. */
const DIRECTED = list(`
  screw you, screw u, up yours, f_u, f_you, f off, eff off, kiss my ass, kiss my arse, shut the f up
`);
const RUDE_DISMISSALS = ["piss off", "sod off", "bugger off", "bog off", "jog on"];
/** Who an insult is about in the third person: "JAKE IS A dickhead", "SHES SUCH A bitch". */
const PERSON_IS = list(`
  is a, is an, is such a, is such an, is a total, is a complete, is a massive, is a proper, is a right, is a big,
  is the biggest, is literally a, is just a, hes a, shes a, hes an, shes an, hes such a, shes such a, he is a,
  she is a, theyre, they are, theyre such, theyre all, they are all
`);
/** Not a person: "this homework is a bitch", "life is a bitch". */
const NOT_A_PERSON = list(`
  this, that, it, its, life, homework, maths, math, school, book, chapter, ending, test, exam, weather, which, what,
  there, this book, the book, the ending, the homework, the test, the weather, the film, the movie, the game, wifi,
  the wifi, today, monday, lesson, this lesson
`);

export const BULLYING_RULES: readonly LexiconRule[] = [
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
  // Swearing aimed at someone (../swearing.ts marks the swear words): "fuck you", "ur a dickhead",
  // "shut up bitch", "jake is a twat". Swearing at the world ("this homework is shit") is swearing_strong.
  // "f u", not "f u c k" spelled out.
  rule("swear-directed", "bullying_hate", "high", "Swearing at someone", seq(DIRECTED, notFollowedBy(["c", "n", "k"]))),
  rule("swear-aimed-word", "bullying_hate", "high", "Swearing at someone", seq(swear("aimed"))),
  rule(
    "swear-at-you",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(
      swear("curse"),
      list(`
        you, u, ya, yourself, urself, yaself, yourselves, off, ur mum, your mum, ur mom, your mom, ur mam, your mam,
        ur dad, your dad, ur family, your family
      `),
      notFollowedBy(["not", "know"]),
    ),
  ),
  rule(
    "swear-you-are",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(YOU_ARE, fill(INTENSIFIERS), opt(["piece of"]), swear("person")),
  ),
  rule(
    "swear-you-are-end",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq([...YOU_ARE, ...YOUR_OR_YOU_ARE], fill(INTENSIFIERS), opt(["piece of", "full of"]), swear(), CLAUSE_END),
  ),
  rule(
    "swear-your-a",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(YOUR_OR_YOU_ARE, NOT_POSSESSIVE, fill(INTENSIFIERS), opt(["piece of"]), swear("person")),
  ),
  // "ur fucking stupid", "you're a fucking idiot".
  rule(
    "swear-insult",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(YOU_ARE, fill(INTENSIFIERS), swear(), fill(INTENSIFIERS), [...STRONG_INSULTS, ...MILD_INSULTS]),
  ),
  rule(
    "swear-insult-your-a",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(YOUR_OR_YOU_ARE, NOT_POSSESSIVE, fill(INTENSIFIERS), swear(), fill(INTENSIFIERS), [
      ...STRONG_INSULTS,
      ...MILD_INSULTS,
    ]),
  ),
  rule(
    "swear-insult-your",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(YOUR_OR_YOU_ARE, swear(), fill(INTENSIFIERS), [...STRONG_INSULTS, ...MILD_INSULTS], CLAUSE_END),
  ),
  rule(
    "swear-bare-you",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(BARE_YOU, fill(BARE_YOU_ADJECTIVES), opt(["son of a", "piece of"]), swear("person"), CLAUSE_END),
  ),
  rule(
    "swear-bare-you-insult",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(BARE_YOU, swear(), fill(BARE_YOU_ADJECTIVES), INSULT_NOUNS, CLAUSE_END),
  ),
  // A message (or sentence) that is only a swear word naming a person is aimed at whoever reads it.
  rule(
    "swear-alone",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(
      CLAUSE_START,
      opt(["such a", "ur a", "fat", "stupid", "ugly", "dirty", "little", "you", "u"]),
      swear("person"),
      CLAUSE_END_STRICT,
    ),
  ),
  rule(
    "swear-shut-up",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(SHUT_UP, opt(BARE_YOU), fill(BARE_YOU_ADJECTIVES), swear("person"), CLAUSE_END),
  ),
  rule(
    "swear-interjection",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(
      ["bye", "ok", "okay", "lol", "haha", "hey", "oi", "oy", "yeah ok", "sure", "move", "go away", "get lost"],
      fill(BARE_YOU_ADJECTIVES),
      swear("person"),
      CLAUSE_END_STRICT,
    ),
  ),
  rule(
    "swear-shut-the",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(["shut the", "shut ur", "shut your", "shut yo", "close ur", "close your"], swear(), [
      "up",
      "mouth",
      "face",
      "gob",
    ]),
  ),
  rule(
    "swear-get",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(CLAUSE_START, ["get", "go get"], swear(), CLAUSE_END),
  ),
  rule(
    "swear-eat",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(["eat", "eat my", "suck my"], swear(), CLAUSE_END),
  ),
  rule(
    "swear-your-mum",
    "bullying_hate",
    "high",
    "Insult about someone's family",
    seq(YOUR_MUM, YOUR_MUM_IS, fill(INTENSIFIERS), swear("person")),
  ),
  rule(
    "swear-person-is",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(notPrecededBy(NOT_A_PERSON), PERSON_IS, fill(INTENSIFIERS), swear("person"), CLAUSE_END),
  ),
  rule(
    "swear-person-is-insult",
    "bullying_hate",
    "high",
    "Swearing at someone",
    seq(notPrecededBy(NOT_A_PERSON), PERSON_IS, fill(INTENSIFIERS), swear(), fill(INTENSIFIERS), [
      ...STRONG_INSULTS,
      ...INSULT_NOUNS,
    ]),
  ),
  // Slurs are hate wherever they are; "chink" and "dyke" only when aimed (the rules above).
  rule("swear-slur", "bullying_hate", "high", "Slur", seq(swear("slur"))),
  // "piss off" alone or at "you": rude, aimed at the reader (mild swearing otherwise: "piss off rain").
  rule(
    "rude-dismissal",
    "bullying_hate",
    "low",
    "Rude words aimed at a person",
    seq(CLAUSE_START, RUDE_DISMISSALS, CLAUSE_END_STRICT),
  ),
  rule("rude-dismissal-you", "bullying_hate", "low", "Rude words aimed at a person", seq(RUDE_DISMISSALS, BARE_YOU)),
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
      CLAUSE_END_STRICT,
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
    seq(
      CLAUSE_START,
      opt(["such a", "ur a", "total", "absolute", "big", "fat", "stupid", "ugly"]),
      ALONE_INSULTS,
      CLAUSE_END_STRICT,
    ),
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
      CLAUSE_END_STRICT,
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
      ["slag", "scumbag"],
      CLAUSE_END_STRICT,
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
  // Target + harm: the shape of a harmful message rather than its exact words.
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
      GROUP_NAMES,
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
      GROUP_NAMES,
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
