// risk_forced_marriage_fgm (urgent): a child who says they are being made to marry, or taken to be cut
// (female genital mutilation). It takes the child and the family: Juliet, made to marry Paris, is a story.

import type { LexiconRule } from "../engine.js";
import { gap, list, rule, seq, words } from "./shared.js";

/** Who would arrange it, as a child would name them. */
const FAMILY = list(`
  my parents, my mum, my mom, my dad, my family, my uncle, my aunt, my auntie, my nan, my grandma, my grandad,
  my brother, my stepdad, my stepmum, they, my mums family, my dads family
`);
const MAKE_ME = list(`
  making me, forcing me to, force me to, want me to, wants me to, going to make me, gonna make me, say i have to,
  says i have to, said i have to, told me i have to, tell me i have to, are sending me, is sending me,
  arranged for me to, are taking me, is taking me, will make me, are marrying me, are marrying me off,
  want to marry me off, wants to marry me off, have promised me to, promised me to, have found me a husband,
  found me a husband, found me a wife, have found me a wife
`);
const MARRY = list(`
  marry, get married, be married, marry him, marry her, marry my cousin, a wedding, my wedding, an arranged marriage,
  get engaged, be engaged, a husband, a wife, to marry, to get married, to be married, to get engaged, to a man
`);
const I_AM_MADE_TO = list(`
  forced to marry, forced to get married, made to marry, made to get married, married off, forced into marriage,
  forced into a marriage, being married off, promised to a man, engaged to a man, engaged to my cousin,
  have to marry my cousin, have to marry a man, have to get married, got to get married, gotta get married
`);
const SENT_AWAY = list(`
  sending me, send me, taking me, take me, sent me, took me, going to send me, going to take me
`);
const TO_MARRY = list(`
  to get married, to be married, to marry, for my wedding, to meet my husband, to meet my future husband,
  to get engaged, for an arranged marriage
`);
/** Female genital mutilation, as a child might hear it named. */
const CUT_BY = list(`
  im going to be, i am going to be, im gonna be, im getting, i will be, im being, i have to be, i have to get,
  they want me to be, they are going to, theyre going to, my aunt is going to, my nan is going to, my mum is going to,
  going to get me, want to get me, im having
`);
const CUT = list(`
  cut, circumcised, cut down there, done down there
`);
const CUT_CUES = list(`
  down there, like my sister, like my cousin, when we go, on holiday, back home, in the summer, become a woman,
  ceremony, a special, in africa, in somalia, in egypt, in sudan, in nigeria, in mali, in ethiopia, in kenya,
  by a lady, by my aunt, by my nan, to be clean, to be pure
`);
const FGM_WORDS = list(`
  fgm, female genital mutilation, female circumcision, sunna, the cutting, be cut down there, cut down there
`);
const HAPPENING_TO_ME = list(`
  happen to me, done to me, do it to me, going to have it, have it done, want to do it to me, im scared, im going to,
  to my sister, to me, on me, they will, im having it, im getting it, i have to have
`);
const CEREMONY = list(`
  special ceremony, a ceremony, special procedure, a procedure, a special party, ceremony to become a woman,
  special operation
`);
const CEREMONY_CUES = list(`
  become a woman, be cut, cut me, down there, be clean, be pure, my aunt, my nan, on holiday, back home, it will hurt,
  not to tell, dont tell, a secret
`);

/**
 * What the family says is the disclosure itself ("my aunt says im going to be cut"): these rules are
 * never skipped as reported speech.
 */
const disclosure = (...args: Parameters<typeof rule>): LexiconRule => ({ ...rule(...args), skipReportedSpeech: false });

export const FORCED_MARRIAGE_FGM_RULES: readonly LexiconRule[] = [
  disclosure(
    "forced-marriage-family",
    "risk_forced_marriage_fgm",
    "urgent",
    "Possible forced marriage",
    seq(FAMILY, gap(3), MAKE_ME, gap(3), MARRY),
  ),
  disclosure(
    "forced-marriage-me",
    "risk_forced_marriage_fgm",
    "urgent",
    "Possible forced marriage",
    seq(
      ["i", "im", "i am", "ive", "i have", "i was", "i will be", "im going to be", "im gonna be", "im being"],
      gap(2),
      I_AM_MADE_TO,
    ),
  ),
  disclosure(
    "forced-marriage-sent",
    "risk_forced_marriage_fgm",
    "urgent",
    "Possible forced marriage",
    seq(SENT_AWAY, gap(5), TO_MARRY),
  ),
  disclosure("fgm-cut", "risk_forced_marriage_fgm", "urgent", "Possible FGM", seq(CUT_BY, CUT, gap(6), CUT_CUES)),
  disclosure(
    "fgm-named",
    "risk_forced_marriage_fgm",
    "urgent",
    "Possible FGM",
    words(FGM_WORDS),
    words(HAPPENING_TO_ME),
  ),
  disclosure(
    "fgm-ceremony",
    "risk_forced_marriage_fgm",
    "urgent",
    "Possible FGM",
    seq(CEREMONY, gap(8), CEREMONY_CUES),
  ),
];
