// risk_running_away (urgent): a child who plans to run away or has, or a friend who has.

import type { LexiconRule } from "../engine.js";
import { list, seq, fill, rule, words, MY_FRIEND } from "./shared.js";

/** "I'm going to run away", "I ran away from home". */
const RUNNING_AWAY_STATEMENTS = list(`
   i ran away from home, im going to run away, im gonna run away, i want to run away, i wanna run away,
   i want to run away from home
`);
/** A friend or sibling who ran away. */
const FRIEND_RAN_AWAY = list(`
   ran away from home
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
const RUNNING_AWAY_NOW = list(`
  im running away, i am running away, im leaving home, i am leaving home, im running off, were running away,
  im gonna leave home, im going to leave home, i packed a bag, ive packed a bag, ive packed my bag
`);
const RUN_AWAY_WHEN = list(`
  tonight, tomorrow, this weekend, for good, forever, and never coming back, packed a bag, packed my bag, took money,
  taking money, where nobody, where no one, without telling, not telling
`);

export const RUNNING_AWAY_RULES: readonly LexiconRule[] = [
  rule("running-away-statement", "risk_running_away", "urgent", "Child may run away", words(RUNNING_AWAY_STATEMENTS)),
  // A friend's words are reported speech by nature: "my friend said she ran away from home".
  {
    ...rule(
      "friend-ran-away",
      "risk_running_away",
      "urgent",
      "Child reports someone else at risk",
      words(FRIEND_RAN_AWAY),
      words(MY_FRIEND),
    ),
    skipReportedSpeech: false,
  },
  rule(
    "risk-run-away",
    "risk_running_away",
    "urgent",
    "Child may run away",
    seq(RUN_AWAY_INTENT, fill(["just", "really", "seriously", "maybe", "and"]), RUN_AWAY),
    words(TELL_NOBODY, ["tonight", "tomorrow", "this weekend", "from home", "forever", "for good"]),
  ),
  rule(
    "risk-running-away-now",
    "risk_running_away",
    "urgent",
    "Child may run away",
    words(RUNNING_AWAY_NOW),
    words(RUN_AWAY_WHEN),
  ),
];
