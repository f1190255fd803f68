// risk_abuse (urgent): disclosures of abuse, physical, emotional, sexual, neglect, domestic abuse at
// home, and of being bullied; a friend being harmed.

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
  FIRST_PERSON_ADVERBS,
  I_AM_BEING,
  BEING,
  ABUSER,
  ABUSE_FILLER,
  HOME_ADULTS,
  MY_FRIEND,
  GAME_CONTEXT,
} from "./shared.js";

/** What an adult (or other children) may do to a child: "hits me", "locks me in", "touched me". */
const ABUSE_ACTS = list(`
   hits me, hit me, hitting me, beats me, beat me, beating me, beats me up, beat me up, beating me up, punches me,
   punched me, kicks me, kicked me, slaps me, slapped me, smacks me, smacked me, hurts me, hurt me, hurting me,
   chokes me, choked me, strangles me, strangled me, burns me, burnt me, burned me, abuses me, abused me, abusing me,
   touches me, touched me, touching me, rapes me, raped me, molested me, makes me touch, made me touch,
   makes me do things, made me do things, made me do stuff, made me watch, makes me watch, showed me his,
   showed me her, showed me pictures, threatens me, threatened me, threatened to hurt me, threatened to kill me,
   says hell kill me, said hed kill me, said he would kill me, said she would kill me, locks me in, locked me in,
   locks me out, locked me out, locks me up, locked me up, starves me, doesnt feed me, dont feed me, wont feed me,
   doesnt give me food, throws things at me, threw things at me, bullies me, bully me, bullied me, bullying me,
   picks on me, pick on me, grabbed me, grabs me, pushed me down the stairs, drags me, dragged me,
   touches my private parts, touches my privates, touches my private, touches my body, touches my bum,
   touches my chest, touches my boobs, touches my legs, touches my leg, touches my willy, touched my private parts,
   touched my privates, touched my private, touched my body, touched my bum, touched my chest, touched my boobs,
   touched my legs, touched my leg, touched my willy, touching my private parts, touching my privates,
   touching my private, touching my body, touching my bum, touching my chest, touching my boobs, touching my legs,
   touching my leg, touching my willy, touch my private parts, touch my privates, touch my private, touch my body,
   touch my bum, touch my chest, touch my boobs, touch my legs, touch my leg, touch my willy, touched me there,
   touched me down there, touches me there, tried to touch me, tries to touch me, is hurting me, wants to hurt me,
   is going to hurt me, gonna hurt me, will hurt me, wants to kill me, is abusing me, does things to me,
   did things to me, does stuff to me, did stuff to me, does bad things to me, did bad things to me,
   does things to my body, hurts me at night, comes into my room at night, comes in my room at night, gets in my bed,
   made me take, makes me take, forced me, forces me, hit my mum, hits my mum, beats my mum, hurts my mum,
   hit my mum and me, hits my mum and me, hits us, hit us, beats us, hurts us, hurt us, hits my sister,
   hits my brother
`);
/** "I'm being bullied", "I was abused". */
const HARMED_STATES = list(`
   abused, beaten, beaten up, beat up, bullied, raped, molested, hurt at home, locked in my room, locked in,
   threatened, harassed, jumped, stabbed, mugged, touched inappropriately, touched down there,
   touched in my private parts, kicked out of home, kicked out of my house, hit by my dad, hit by my mum,
   hit by my stepdad, hurt by my dad, hurt by my mum, hurt by my stepdad, hit at home, beaten at home, sexually abused
`);
const AFRAID_SUBJECT = ["im", "i am", "i feel", "i get", "i m", "i always feel"];
const AFRAID = ["scared", "afraid", "frightened", "terrified", "too scared", "really scared", "so scared"];
const AFRAID_OF = list(`
  to go home, of going home, to go back home, of my dad, of my mum, of my mom, of my stepdad, of my step dad,
  of my parents, of my uncle, of my brother, of him, of her, to tell anyone, to tell my, to tell my mum,
  to tell my teacher, at home, to be at home, to sleep at home, for my life, he will hurt me, hell hurt me,
  she will hurt me, they will hurt me, theyll hurt me, hes going to hurt me, he will find me, to be home alone
`);
/** Not safe at home, not fed. */
const UNSAFE = list(`
   i dont feel safe, i do not feel safe, i never feel safe, i feel unsafe, im not safe, i am not safe, i am in danger,
   im in danger, not safe at home, its not safe at home, i dont want to go home, i dont wanna go home,
   i dont want to go back home, there is no food at home, theres no food at home, no food in the house,
   i havent eaten in days, i havent eaten for days, nobody feeds me, no one feeds me, i have to look after myself,
   im being hurt, i am being hurt, it hurts when he
`);
/** A friend or sibling being harmed. */
const FRIEND_ABUSED = list(`
   is being abused, gets hit at home, is being hurt
`);
const ABUSE_AT_HOME = list(`
  locks me in my room, locked me in my room, locks me in the, locked me in the, locks me in a, locks me in,
  locked me in, shuts me in, shut me in, leaves me with no food, left me with no food, with no food when,
  without food when, doesnt let me eat, dont let me eat, wont let me eat, not allowed to eat,
  makes me sleep outside, makes me sleep in the, made me sleep outside, hits me when, hurts me when,
  hit me with a belt, hits me with a belt, hits me with, hit me with, throws stuff at me, threw stuff at me,
  gets drunk and hits, gets drunk and throws, gets drunk and hurts, gets drunk and shouts, throws things at me
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

export const ABUSE_RULES: readonly LexiconRule[] = [
  rule(
    "abuse-disclosure",
    "risk_abuse",
    "urgent",
    "Possible abuse disclosure",
    seq(ABUSER, fill(ABUSE_FILLER), ABUSE_ACTS, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  // Further apart in one sentence: "my mum says im worthless and hits me", "a man who waits outside
  // school and follows me home".
  rule(
    "abuse-disclosure-far",
    "risk_abuse",
    "urgent",
    "Possible abuse disclosure",
    seq(ABUSER, gap(6), ABUSE_ACTS, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  // "My mum will kill me if I lose this book" is what children say; "he said he will kill me" is a disclosure.
  rule(
    "abuse-threat-to-kill",
    "risk_abuse",
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
    "risk_abuse",
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
    "risk_abuse",
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
    "risk_abuse",
    "urgent",
    "Child says they are afraid",
    seq(AFRAID_SUBJECT, fill(["really", "so", "very", "always", "too", "really really"]), AFRAID, AFRAID_OF),
  ),
  rule("danger-unsafe", "risk_abuse", "urgent", "Child may be unsafe", words(UNSAFE)),
  // A friend's words are reported speech by nature: "my friend said she is being abused".
  {
    ...rule(
      "friend-abused",
      "risk_abuse",
      "urgent",
      "Child reports someone else at risk",
      words(FRIEND_ABUSED),
      words(MY_FRIEND),
    ),
    skipReportedSpeech: false,
  },
  rule("risk-abuse-home", "risk_abuse", "urgent", "Possible abuse disclosure", seq(HOME_ADULTS, gap(4), ABUSE_AT_HOME)),
  rule("risk-neglect", "risk_abuse", "urgent", "Possible neglect", words(NEGLECT)),
  rule(
    "risk-carer-gone",
    "risk_abuse",
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
    "risk_abuse",
    "urgent",
    "Possible abuse disclosure",
    seq(FEAR_SUBJECT, fill(FIRST_PERSON_ADVERBS), FEARFUL, gap(5), HOME_THREAT),
  ),
  rule(
    "risk-home-violence",
    "risk_abuse",
    "urgent",
    "Possible abuse disclosure",
    seq(HOME_ADULTS, fill(ABUSE_FILLER), HOME_VIOLENCE),
  ),
  rule(
    "risk-home-violence-he",
    "risk_abuse",
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
  rule("risk-bruises", "risk_abuse", "urgent", "Possible abuse disclosure", words(BRUISES), words(BRUISE_CAUSES)),
  rule("risk-no-food", "risk_abuse", "urgent", "Possible neglect", words(NO_FOOD_RULES)),
];
