// risk_grooming (urgent): grooming and exploitation, online and offline, as the child tells it: an
// adult who asks for pictures, secrets or a meeting, gifts, sextortion, criminal exploitation.

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
  I_AM_BEING,
  BEING,
  ABUSER,
  ABUSE_FILLER,
  GAME_CONTEXT,
} from "./shared.js";

/** What a groomer does, as the child tells it: "asked me for pics", "wants to meet me", "told me not to tell". */
const GROOMING_ACTS_TO_ME = list(`
   sent me pictures, sent me pics, sent me nudes, sent me a picture of his, sent me photos, asked for pics,
   asked me for pics, asked me for nudes, asked me for pictures, asked me for photos, asked me to send,
   wants me to send, asked me to meet, asked to meet me, wants to meet me, wants me to meet, wants to meet up with me,
   told me to keep it secret, told me to keep it a secret, said its our secret, said it was our secret,
   said its our little secret, told me not to tell, says not to tell, said not to tell, said i cant tell,
   follows me home, followed me home, took pictures of me, takes pictures of me, took photos of me, takes photos of me,
   filmed me, films me, makes me keep secrets, made me keep it secret, following me home, following me everywhere,
   is stalking me, stalks me, made me send, makes me send, pressured me to send, pressures me to, keeps asking me for
`);
/** "I'm being groomed", "I'm being blackmailed". */
const GROOMED_STATES = list(`
   groomed, stalked, blackmailed
`);
/** A secret with an adult. */
const SECRET_STATEMENTS = list(`
   he makes me keep secrets, she makes me keep secrets, its our little secret, its our secret
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
/** Someone who holds pictures of the child, and what they threaten: sextortion. */
const SHARE_THREATS = list(`
  threatening to post, threatened to post, threatens to post, threatening to share, threatened to share,
  threatens to share, threatening to send, threatened to send, threatens to send, threatening to leak,
  threatened to leak, going to post, gonna post, will post, going to share, gonna share, will share, going to send,
  gonna send, will send, going to leak, gonna leak, will leak, hell post, hell share, hell send, hell leak,
  theyll post, theyll share, theyll send, shell post, shell share, shell send, said hed post, said hed share,
  said hed send, says hell post, says hell share, says hell send, is going to show, will show everyone,
  blackmailing me with, blackmailed me with, blackmails me with
`);
const MY_IMAGES = list(`
  my pics, my photos, my pictures, my nudes, my videos, my video, the pics i sent, the photos i sent,
  the pictures i sent, the ones i sent, what i sent, the pics of me, the photos of me, the pictures of me,
  pics of me, photos of me, pictures of me, my snaps, the video of me, a video of me, my naked
`);
/** Criminal exploitation and county lines: an older person who gets the child to carry, hold or sell. */
const EXPLOIT_ASKS = list(`
  wants me to, want me to, asked me to, asks me to, told me to, tells me to, keeps asking me to, made me, makes me,
  is making me, are making me, got me to, gets me to, pays me to, paid me to, gives me money to, gave me money to,
  gave me a phone to, i have to, ive got to, i got to, i need to, im meant to, i owe them so i have to
`);
const EXPLOIT_TASKS = list(`
  hold drugs, hold weed, hold a package, hold packages, hold a parcel, hold a bag, hold stuff for, hide drugs,
  hide weed, hide a package, hide a knife for, hide a gun, hold a knife for, keep a knife for, carry drugs,
  carry weed, carry a package, carry packages, carry a bag for, deliver drugs, deliver weed, deliver a package,
  deliver packages, deliver parcels, deliver stuff, drop off a package, drop off packages, drop off a bag,
  drop stuff off, do drops, do runs, do a run, run drugs, run for them, run for him, sell drugs, sell weed,
  sell for them, sell for him, go country, go to another town and, travel to another town, work the line,
  run the line, answer the phone for them, take a train to, hold money for
`);
const DEBT = list(`
  i owe them, i owe him, i owe them money, i owe him money, im in debt, i am in debt, in debt to them, work it off,
  pay it back by, pay them back by, they said i owe
`);
const DRUG_WORK = list(`
  drugs, weed, package, packages, parcel, parcels, deliver, delivering, sell, selling, run for, county lines,
  the line, a phone
`);

export const GROOMING_RULES: readonly LexiconRule[] = [
  rule(
    "grooming-disclosure",
    "risk_grooming",
    "urgent",
    "Possible grooming",
    seq(ABUSER, fill(ABUSE_FILLER), GROOMING_ACTS_TO_ME, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  rule(
    "grooming-disclosure-far",
    "risk_grooming",
    "urgent",
    "Possible grooming",
    seq(ABUSER, gap(6), GROOMING_ACTS_TO_ME, notFollowedBy(GAME_CONTEXT, ["at", "in a"])),
  ),
  rule(
    "grooming-being",
    "risk_grooming",
    "urgent",
    "Possible grooming",
    seq(
      I_AM_BEING,
      fill(BEING),
      GROOMED_STATES,
      notFollowedBy(["once", "before", "in year", "last year", "when i was", "in primary", "years ago", "in the past"]),
    ),
  ),
  rule("grooming-secret", "risk_grooming", "urgent", "Possible grooming", words(SECRET_STATEMENTS)),
  rule(
    "danger-online-contact",
    "risk_grooming",
    "urgent",
    "Possible online grooming or danger",
    words(ONLINE_DANGER),
    words(ONLINE_CONTACT),
  ),
  rule("risk-grooming-secrets", "risk_grooming", "urgent", "Possible grooming", words(SECRET_ASKS)),
  rule(
    "risk-grooming-bribe",
    "risk_grooming",
    "urgent",
    "Possible grooming",
    seq(BRIBES, opt(["and stuff", "and things"]), ["if i", "if u", "if you", "for", "to"]),
  ),
  rule(
    "risk-online-adult",
    "risk_grooming",
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
    "risk-online-person",
    "risk_grooming",
    "urgent",
    "Possible online grooming",
    words(ONLINE_PERSON),
    words(GROOMING_ACTS),
  ),
  rule(
    "risk-secret-contact",
    "risk_grooming",
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
  // Sextortion: "he said he'll post my pics unless I send more".
  rule("grooming-sextortion", "risk_grooming", "urgent", "Possible sextortion", seq(SHARE_THREATS, gap(3), MY_IMAGES)),
  rule(
    "grooming-sextortion-or",
    "risk_grooming",
    "urgent",
    "Possible sextortion",
    seq(
      list(`
        or hell post, or he will post, or hell share, or he will share, or hell send, or he will send,
        or theyll post, or they will post, or theyll share, or they will share, or theyll send, or they will send,
        or shell post, or she will post, or shell share, or shell send, or it goes everywhere, or everyone sees
      `),
      gap(3),
    ),
    words(MY_IMAGES, ["more pics", "more photos", "more pictures", "money", "pay", "nudes"]),
  ),
  // Criminal exploitation: "the older boys want me to hold a package for them".
  rule(
    "grooming-exploitation",
    "risk_grooming",
    "urgent",
    "Possible criminal exploitation",
    seq(EXPLOIT_ASKS, fill(["just", "always", "like", "sometimes"]), EXPLOIT_TASKS),
  ),
  rule("grooming-debt", "risk_grooming", "urgent", "Possible criminal exploitation", words(DEBT), words(DRUG_WORK)),
  rule(
    "grooming-county-lines",
    "risk_grooming",
    "urgent",
    "Possible criminal exploitation",
    words(["county lines", "go country", "going country", "went country"]),
    words(["im", "i am", "me", "my", "i have", "ive", "they want", "i got", "i was"]),
  ),
  rule(
    "grooming-given-phone",
    "risk_grooming",
    "urgent",
    "Possible criminal exploitation",
    words([
      "gave me a phone",
      "gave me a burner",
      "gave me a new phone",
      "gives me money to",
      "gave me money to",
      "gave me weed",
      "gives me weed",
      "paid me to",
      "pays me to",
    ]),
    words(["deliver", "drop off", "carry", "hold", "sell", "package", "parcel", "bag", "run", "answer it"]),
  ),
];
