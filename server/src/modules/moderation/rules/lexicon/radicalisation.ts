// risk_radicalisation (urgent): a child drawn towards extremism: wanting to join or fight for an
// extremist group, praising its violence, or being sent its material. History questions ("why did
// Hitler hate the Jews?", "why does everyone say Heil Hitler in The Book Thief?") pass: they take the
// child's own voice or an endorsement, and reported speech is skipped.

import type { LexiconRule } from "../engine.js";
import { CLAUSE_END_STRICT, CLAUSE_START, fill, gap, list, rule, seq, words } from "./shared.js";

/** Proscribed and extremist groups, and their causes. */
const EXTREMIST_GROUPS = list(`
  isis, isil, daesh, islamic state, the islamic state, the caliphate, al qaeda, al shabaab, boko haram,
  national action, the base, atomwaffen, sonnenkrieg, patriotic alternative, kkk, ku klux klan, the kkk, neo nazis,
  the neo nazis, the nazis, nazis, the jihadis, jihadis, jihad, the jihad, the mujahideen, mujahideen,
  the white power movement, white power, the race war, a race war, the brotherhood
`);
const I_WANT_TO = list(`
  i, im, i am, i really, i want to, i wanna, im going to, im gonna, i have decided to, ive decided to, i will, ill,
  i would, id, i might, i think i should, i should, i would love to, one day ill
`);
const JOIN = list(`
  join, fight for, support, die for, become a fighter for, go and fight for, travel to join, go to syria and join,
  be part of, sign up to, sign up for, go fight for, be a soldier for, help
`);
/** Endorsements of extremist violence, said in the child's own voice. */
const ENDORSEMENTS = list(`
  hitler was right, hitler did nothing wrong, the nazis were right, hitler was a hero, hitler is my hero, hitler was a legend,
  hitler is a legend, isis are right, isis is right, isis are heroes, isis are legends, the terrorists were right,
  the terrorists are heroes, the bombers were heroes, the bomber was a hero, race war now, we need a race war,
  start a race war, the great replacement is real, white genocide is real, stop the white genocide,
  kill all the kuffar, death to the kuffar, kill the kuffar, kill the infidels, death to infidels, death to the infidels,
  i want to be a martyr, i want to die a martyr, become a martyr, i want to be a shaheed, the 14 words, fourteen words,
  jihad is the only way, the caliphate will rise, the west must be destroyed
`);
/** Greetings and slogans that are endorsements when a child says them on their own. */
const SLOGANS = list(`
  heil hitler, sieg heil, white power, 1488
`);
/** Someone who passes extremism on to the child. */
const RECRUITER = list(`
  someone online, a man online, a guy online, this guy on, this man on, my online friend, people online,
  a group online, this group, a group chat, a youtuber, a streamer, a tiktoker, my friend, my brother, my cousin,
  an older boy, some older boys, a man at the mosque, a man at the gym, this guy, this man, he, they
`);
const PASSES_ON = list(`
  says, said, told me, tells me, telling me, keeps telling me, showed me, shows me, showing me, sends me, sent me,
  sending me, wants me to, asked me to, taught me, teaches me, is teaching me, invited me to, added me to
`);
const RADICAL_CONTENT = list(`
  jihad, race war, the caliphate, isis, daesh, martyr, martyrdom, kill the kuffar, kill infidels, the kuffar,
  white genocide, the great replacement, hitler was right, jews control, muslims are invading, beheading videos,
  videos of beheadings, beheadings, fight for the cause, islam is under attack, the west is evil, our people are being replaced,
  a war is coming, the race war, nazi stuff, nazi videos, isis videos, extremist videos, a bomb, make a bomb,
  national action, the base, atomwaffen
`);
const EXTREMIST_MEDIA = list(`
  beheading videos, videos of beheadings, isis videos, jihadi videos, jihad videos, nazi videos, extremist videos,
  terrorist videos, the christchurch video, the shooting video, mass shooting videos, manifesto, the manifesto
`);
const I_WATCH = list(`
  i watch, i watched, ive been watching, i keep watching, i like watching, i love watching, sent me, showed me,
  sends me, shows me, i read, ive read, ive been reading, i saved, i downloaded
`);

export const RADICALISATION_RULES: readonly LexiconRule[] = [
  rule(
    "radical-join",
    "risk_radicalisation",
    "urgent",
    "Possible radicalisation",
    seq(
      I_WANT_TO,
      fill(["really", "just", "honestly", "seriously", "actually", "want to", "wanna"]),
      JOIN,
      EXTREMIST_GROUPS,
    ),
  ),
  rule("radical-endorse", "risk_radicalisation", "urgent", "Possible radicalisation", words(ENDORSEMENTS)),
  rule(
    "radical-slogan",
    "risk_radicalisation",
    "urgent",
    "Possible radicalisation",
    seq(CLAUSE_START, SLOGANS, CLAUSE_END_STRICT),
  ),
  // What someone tells the child is the disclosure itself: never skipped as reported speech.
  {
    ...rule(
      "radical-recruiter",
      "risk_radicalisation",
      "urgent",
      "Possible radicalisation",
      seq(RECRUITER, gap(3), PASSES_ON, gap(6), RADICAL_CONTENT),
    ),
    skipReportedSpeech: false,
  },
  rule(
    "radical-media",
    "risk_radicalisation",
    "urgent",
    "Possible radicalisation",
    seq(I_WATCH, gap(3), EXTREMIST_MEDIA),
  ),
];
