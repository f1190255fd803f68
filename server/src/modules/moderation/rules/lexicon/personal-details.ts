// personal_details: anything that locates, identifies or contacts a child. Details given (a phone
// number, a postcode, an email, a password...) are found by ../personal-details.ts (low). These rules
// are the asks: a meeting (high), asking someone to share how to reach them (high), and asking the
// assistant for its own details (low).

import type { LexiconRule } from "../engine.js";
import { CLAUSE_END, list, notFollowedBy, opt, rule, seq, words } from "./shared.js";

/** Where and when to meet: "meet me AT THE PARK", "meet up AFTER SCHOOL". */
const MEET_WHERE = list(`
  at, after, outside, behind, in the, in town, by the, near, tomorrow, tonight, later, after school, at the park,
  on saturday, on sunday, on friday, at the weekend, this weekend, irl, in real life, in person, somewhere, alone,
  on my own, on your own, round the back, at the shops, at the station, at the bus stop
`);
const MEET_ME = list(`
  meet me, meet up with me, meet us, come and meet me, come meet me
`);
const MEET_REQUESTS = list(`
  lets meet up, lets meet irl, lets meet in real life, lets meet in person, can we meet up, can we meet irl,
  can we meet in real life, can we meet in person, shall we meet up, should we meet up, wanna meet up,
  want to meet up, do you want to meet up, do u wanna meet up, we should meet up, we should meet irl,
  meet irl, meet in real life, meet in person, where shall we meet, where should we meet, when can we meet,
  when shall we meet, come to my house, come round mine, come round to mine, come over to mine, come to mine,
  come over to my house, come round my house, ill come to your house, ill come to ur house, can i come to your house,
  can i come to ur house, can i come round yours, can i come round urs, ill come round yours, ill come round urs,
  come to my party, wanna hang out irl, hang out irl, hang out in real life
`);
const SEND_ME = list(`
  send me, give me, dm me, drop, tell me, text me, can i have, can i get, gimme, pass me, share, post, put, i need,
  i want
`);
const CONTACTS = list(`
  number, phone number, mobile number, mobile, digits, snap, snapchat, sc, insta, instagram, tiktok, whatsapp,
  discord, address, home address, addy, email, email address, postcode, kik, telegram, facetime, username, user name,
  gamertag, gamer tag, roblox username, roblox user, fortnite name, psn, xbox name
`);
/** Social accounts: there is nobody at the assistant to ask for one, so the ask is for someone else. */
const SOCIAL = list(`
  snap, snapchat, sc, insta, instagram, tiktok, whatsapp, discord, kik, telegram, gamertag, gamer tag, roblox,
  fortnite, psn, xbox
`);
const ASK_AI = list(`
  what is your address, whats your address, whats ur address, what is ur address, where do you live in real life,
  where do u live in real life, where do you live irl, where do u live irl, what is your phone number,
  whats your phone number, whats ur phone number, whats ur number, whats your number, what is your number,
  what is your email, whats your email, whats ur email, can i have your email, do you have a phone number,
  can i call you, can i ring you, what street do you live on, what town do you live in, what school do you go to,
  what school do u go to, which school do you go to, which school do u go to, how old are you really
`);

export const PERSONAL_DETAILS_RULES: readonly LexiconRule[] = [
  rule(
    "meet-request",
    "personal_details",
    "high",
    "Asks to meet",
    seq(MEET_ME, MEET_WHERE, notFollowedBy(["the end", "chapter", "page"])),
  ),
  rule(
    "meet-request-phrase",
    "personal_details",
    "high",
    "Asks to meet",
    seq(MEET_REQUESTS, notFollowedBy(["in the book", "in the story", "in chapter"])),
  ),
  rule(
    "ask-contact",
    "personal_details",
    "high",
    "Asks for contact details",
    seq(
      SEND_ME,
      ["ur", "your", "yo", "yr"],
      opt(["real", "home", "phone", "mobile", "personal"]),
      CONTACTS,
      CLAUSE_END,
    ),
  ),
  rule(
    "ask-social",
    "personal_details",
    "high",
    "Asks for contact details",
    seq(
      [
        "whats",
        "what is",
        "wats",
        "wots",
        "whats ur",
        "whats your",
        "what is your",
        "do you have",
        "do u have",
        "have you got",
        "u got",
      ],
      opt(["ur", "your", "a", "an"]),
      SOCIAL,
      CLAUSE_END,
    ),
  ),
  rule("ask-ai", "personal_details", "low", "Asks for personal details", words(ASK_AI)),
];
