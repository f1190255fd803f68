// sexual (high): sexual words and requests, asking for pictures, and the questions a groomer asks
// ("are you home alone", "what are you wearing"). Never skipped as reported speech.

import type { LexiconRule } from "../engine.js";
import {
  list,
  seq,
  opt,
  fill,
  stem,
  notFollowedBy,
  gap,
  notPrecededBy,
  CLAUSE_END,
  rule,
  words,
  YOU_ARE,
  YOUR_OR_YOU_ARE,
  SOMEONE,
} from "./shared.js";

const SEXUAL_WORDS = list(`
  sexy, sexc, secks, sexting, sext, sexual, sexually, porn, porno, pornography, pornhub, xvideos, xnxx, onlyfans,
  nudes, nude pic, nude pics, nude photo, nude photos, naked pic, naked pics, naked photo, naked photos,
  naked pictures, blowjob, blow job, blowjobs, handjob, hand job, dildo, vibrator, orgasm, masturbate, masturbating,
  masturbation, wank, wanking, wanked, jerk off, jerking off, horny, shagging, shagged, boobs, boobies, titties,
  titty, tits, penis, vagina, jizz, milf, hentai, rule 34, nsfw, deepthroat, anal, rape, raping, rapist, raped,
  strip club, stripper, sex toy, genitals, without ur clothes, without your clothes, suck my d, noodz, nudez, noods,
  nudies, nudes pls
`);
const SEX_AS_GENDER = list(`
  gentler, gentle, fair, fairer, weaker, stronger, female, male, opposite, her, his, their, same, other, another,
  either, each, what, which, the, of, whose
`);
const BODY_PARTS = list(`
  dick, cock, balls, willy, pussy, boobs, boobies, tits, breasts, private parts, privates, bum, butt, ass, arse,
  penis, vagina, nipples, body, bits, down there, front bum, naked body
`);
const SEXUAL_BODY_VERBS = list(`
  show me, send me, touch, touching, lick, suck, sucking, grab, rub, squeeze, play with
`);
const OWNERS = ["my", "ur", "your", "yo", "ya"];
const EXPLICIT_PARTS = list(`
  dick, cock, pussy, penis, vagina, willy, boobs, tits, private parts, privates, pp, peepee, wee wee, winky, todger,
  ding dong, front bottom
`);
const SEND_PICS_VERBS = ["send", "snd", "sned", "send over", "give me", "dm me", "snap me"];
const SEND_PICS_OBJECTS = list(`
  pics, pix, piccies, nudes, selfies, snaps, vids, photos of yourself, photos of urself, pictures of yourself,
  pictures of urself, pics of yourself, pics of urself, pic of yourself, pic of urself, pic of you, pic of u,
  picture of you, picture of u, photo of you, photo of u, photos of you, photos of u, pictures of you, pics of you,
  pics of u, video of you, video of urself, pic of ur body, pic of your body, pics of ur body
`);
const SEND_PICS_ADJECTIVES = list(`
  me, us, ur, your, some, sum, naked, nude, hot, sexy, more, private, spicy, any, a, an
`);
const GROOMING_ASKS = list(`
  what are you wearing, what r u wearing, what are u wearing, wat r u wearing, are you alone, r u alone, are u alone,
  are you home alone, r u home alone, are your parents home, are ur parents home, take off your clothes,
  take off ur clothes, take your clothes off, take ur clothes off, take off your top, take ur top off,
  take your top off, get naked, are you naked, r u naked, wanna see me naked, want to see me naked, see you naked,
  see u naked, come to bed with me, touch yourself, touch urself, lick me, suck me, sit on my face, our little secret,
  dont tell your parents, dont tell ur parents, dont tell your mum, dont tell ur mum, dont tell anyone about us,
  are you a virgin, r u a virgin, age is just a number, mature for your age, make out with me, kiss me all over,
  i want to kiss you all over, wanna see my dick, want to see my dick, wanna see my willy,
  do you want to see my privates, in ur underwear, in your underwear, in ur pants, in your pants, in ur bra,
  in your bra, in your knickers, in ur knickers, in your bikini, what colour is your underwear,
  what colour are your pants, i want to touch you, i wanna touch you, let me touch you, can i touch you,
  touch you all over, i want to feel your body, bra size, cup size, what size bra, whats your bra size,
  do you wear a bra, are you wearing anything, are u wearing anything, r u wearing anything,
  what are you wearing right now, are you wearing clothes, are you in your pyjamas
`);
// Sexual
const CENSORED_SEXUAL = list(`
  d*ck, d*cks, d**k, c*ck, p*ssy, p***y, p*nis, v*gina, t*ts, b**bs, b*obs, bo*bs, s*x, s*xy, n*des, n*ked, c*m,
  p*rn, f*ck me
`);
const SEXUAL_PHRASES = list(`
  dirty joke, dirty jokes, dirty things, say dirty things, talk dirty, something dirty, dirty stuff, dirty pics,
  dirty pictures, dirty photos, dirty videos, under ur clothes, under your clothes, under ur top, under your top,
  under ur shirt, under your shirt, under ur skirt, under your skirt, up ur skirt, up your skirt,
  ill show you mine, ill show u mine, show you mine if, show u mine if, show me yours and, show me urs and,
  show me yours if, show me urs if, you show me yours, u show me urs, u show me yours, into bed together,
  in bed together, get into bed with, take their clothes off, take off their clothes, take his clothes off,
  take her clothes off, took their clothes off, taking their clothes off, get naked together, undress each other,
  undress me, undress you, touch each other down there, down there feel like, dirtiest word, dirtiest words,
  dirtiest joke, dirty word, dirty words, get naked, take our clothes off, naked in the bath together,
  naked together
`);
const SEXUAL_TOUCH = list(`
  touch, touching, touches, touched, feel, feeling, lick, rub, rubbing
`);
const DOWN_THERE = list(`
  down there, there down below, in their privates, their private parts, her private parts, his private parts
`);
const ROLEPLAY = list(`
  roleplay as, role play as, rp as, pretend to be, pretend ur, pretend you are, pretend youre, act as, act like,
  can you be, can u be, will you be, will u be, wanna be, want to be
`);
const PARTNER = list(`
  my boyfriend, my girlfriend, my bf, my gf, my husband, my wife, my lover, my date, my crush
`);
// Sexual
const SPICY = list(`
  dirty, spicy, sexy, steamy, naughty, x rated, nsfw, explicit, smutty, smut, lemon, raunchy, kinky, horny
`);
const SPICY_THINGS = list(`
  story, stories, scene, scenes, fanfic, fan fic, fanfiction, chapter, roleplay, role play, rp, bit, part, version,
  pics, pictures, photos, videos, vids, chat, talk, messages, texts, poem, song, dream, kiss, kissing
`);
const INTIMATE = list(`
  wedding night, make out, making out, in bed together, take their tops off, take off their tops, take her top off,
  take his top off, take their clothes off, with no clothes, no clothes on, lower down, their bodies, undress,
  undressing, kiss with tongue, with tongue, french kiss, french kissing, snog, snogging, first time together,
  sleep together, sleeping together, got into bed
`);
const DETAIL_ASKS = list(`
  in detail, in loads of detail, in lots of detail, all the details, with details, every detail, step by step,
  describe, explain, spicy, dirty, sexy, steamy
`);
const DO_IT_WITH = seq(
  list(`
    how do u do it, how do you do it, how do i do it, how to do it, how do people do it, how do u have it,
    how do you have it, what does it feel like to do it, do it with
  `),
  list(`
    with a girl, with a boy, with ur girlfriend, with your girlfriend, with my girlfriend, with my boyfriend,
    with someone, with ur boyfriend, with your boyfriend, with a man, with a woman, for the first time
  `),
);
const ROLEPLAY_WORDS = list(`
  roleplay, role play, rp, lets pretend, pretend ur, pretend youre, pretend you are, pretend to be
`);
const ROMANCE = list(`
  ur boyfriend, your boyfriend, ur girlfriend, your girlfriend, my boyfriend, my girlfriend, ur bf, ur gf, your bf,
  your gf, love roleplay, romantic, romance, kiss me, kiss you, kiss u, we kiss, we are alone, were alone,
  alone together, nobody can see, no one can see, in bed, undress, make out, cuddle, on a date, my wife, my husband,
  ur wife, ur husband
`);
const LOOK_LIKE_IN = seq(
  ["what u look like", "what you look like", "what ur body looks like", "what your body looks like", "how u look"],
  gap(2),
  list(`
    in ur pyjamas, in your pyjamas, in pyjamas, in ur underwear, in your underwear, in underwear, in a bikini,
    in ur bikini, in the shower, in the bath, naked, in bed, with no clothes, without clothes
  `),
);
const UNDERWEAR_ASK = seq(
  ["underwear", "bra", "knickers", "panties", "boxers", "pants", "bikini", "pyjamas", "nightie", "thong"],
  gap(1),
  ["r u wearing", "are u wearing", "are you wearing", "do u wear", "do you wear", "r you wearing", "u wearing"],
);
const NAKED_ASKS = list(`
  look like with no clothes, looks like with no clothes, look like without clothes, looks like without clothes,
  look like without any clothes, look like naked, looks like naked, see u naked, see you naked, see her naked,
  see him naked, naked ladies, naked women, naked girls, naked men, naked boys, naked people, pics of naked,
  pictures of naked, dick pic, dick pics, dickpic, dickpics, rate my body, rate my figure, rate my bum, rate my boobs,
  rate my legs, rate my butt, am i sexy, am i hot, do u think im hot, do you think im hot, do u think im sexy,
  seggs, segs, smex, shmex, secks
`);
const SIZE_OF = seq(
  ["how big is", "how long is", "size of", "how big should", "how long should"],
  ["a", "a normal", "ur", "your", "my", "his", "an average", "the average", "a mans", "a boys"],
  ["dick", "willy", "cock", "penis", "boobs", "tits"],
);
const WANNA_SEX = seq(
  list(`
    wanna, want to, lets, do u wanna, do you want to, u wanna, you wanna, can we, shall we, wanna go, lets go,
    want 2
  `),
  ["fuck", "f*ck", "fuk", "fck", "shag", "bang", "smash"],
  opt(["me", "u", "you", "tonight", "later"]),
  CLAUSE_END,
);
const BOY_OR_GIRL = list(`
  are u a boy or a girl, are you a boy or a girl, r u a boy or a girl, r u a boy or girl, are u a boy or girl,
  are you a boy or girl, boy or girl send, r u a girl, are u a girl, are you a girl
`);
const PIC_ASKS = list(`
  send a photo, send a pic, send pic, send me a pic, send a selfie, send me a selfie, send a picture, send photo,
  show me a pic, show me a photo, prove it, whats ur age, how old are you, how old r u, asl
`);
const BODY_LOWER = seq(["abs", "body", "chest", "bodies", "muscles"], gap(3), [
  "lower down",
  "further down",
  "below the waist",
  "below his waist",
  "below her waist",
  "down below",
]);

export const SEXUAL_RULES: readonly LexiconRule[] = [
  // sexual: high
  rule("sexual-words", "sexual", "high", "Sexual content", words(SEXUAL_WORDS)),
  rule(
    "sexual-want-you",
    "sexual",
    "high",
    "Sexual content",
    seq(
      [
        "i want to",
        "i wanna",
        "i wana",
        "lets",
        "wanna",
        "want to",
        "i will",
        "ill",
        "i would",
        "id",
        "i wish i could",
        "can i",
      ],
      fill(["just", "really", "so", "go", "and"]),
      ["fuck", "shag", "bang", "sleep with", "have sex with", "do it with", "screw", "hook up with", "do stuff with"],
      ["you", "u", "ya", "her", "him", "me", "them"],
    ),
  ),
  // "The gentler sex", "her sex" in older books.
  rule("sexual-sex", "sexual", "high", "Sexual content", seq(notPrecededBy(SEX_AS_GENDER), ["sex", "secks", "seks"])),
  rule("sexual-body", "sexual", "high", "Sexual content", seq(SEXUAL_BODY_VERBS, OWNERS, BODY_PARTS)),
  rule(
    "sexual-explicit-parts",
    "sexual",
    "high",
    "Sexual content",
    seq(OWNERS, opt(["big", "massive", "small", "tiny", "hairy"]), EXPLICIT_PARTS),
  ),
  rule(
    "sexual-send-pics",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      SEND_PICS_VERBS,
      opt(SEND_PICS_ADJECTIVES),
      opt(SEND_PICS_ADJECTIVES),
      SEND_PICS_OBJECTS,
      notFollowedBy(["of", "from", "for", "about", "with"]),
    ),
  ),
  rule("sexual-grooming", "sexual", "high", "Sexual request (grooming-like)", words(GROOMING_ASKS)),
  rule(
    "sexual-see-naked",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      [
        "show me",
        "send me",
        "let me see",
        "i want to see",
        "wanna see",
        "can i see",
        "i wanna see",
        "show",
        "facetime",
        "facetime me",
        "call me",
        "video call",
      ],
      fill(["ur", "your", "urself", "yourself", "you", "body", "all", "me", "with", "me with"]),
      [
        "naked",
        "nude",
        "no clothes",
        "no clothes on",
        "without clothes",
        "without ur clothes",
        "in your underwear",
        "topless",
        "with no top",
        "no top on",
      ],
    ),
  ),
  rule(
    "sexual-youre-hot",
    "sexual",
    "high",
    "Sexual content",
    seq(
      [...YOU_ARE, ...YOUR_OR_YOU_ARE],
      fill(["so", "really", "rly", "very", "proper", "well", "soo"]),
      ["sexy", "peng", "hot and sexy"],
      CLAUSE_END,
    ),
  ),
  rule(
    "sexual-send-body-pics",
    "sexual",
    "high",
    "Sexual request (grooming-like)",
    seq(
      SEND_PICS_VERBS,
      opt(SEND_PICS_ADJECTIVES),
      opt(SEND_PICS_ADJECTIVES),
      ["pic", "pics", "picture", "pictures", "photo", "photos", "vid", "video", "snap", "snaps", "selfie"],
      ["of ur", "of your", "of u in ur", "of you in your", "of you in ur", "of u in your", "of you with", "of u with"],
      [
        ...BODY_PARTS,
        "underwear",
        "pants",
        "bra",
        "knickers",
        "bikini",
        "no clothes",
        "no top",
        "top off",
        "clothes off",
      ],
    ),
  ),
  // sexual
  rule("sexual-censored", "sexual", "high", "Sexual content", seq(stem(CENSORED_SEXUAL))),
  rule("sexual-phrases", "sexual", "high", "Sexual content", words(SEXUAL_PHRASES)),
  rule(
    "sexual-touch-down-there",
    "sexual",
    "high",
    "Sexual content",
    seq(SEXUAL_TOUCH, opt(SOMEONE, ["u", "you", "me", "each other", "yourself", "urself", "myself"]), DOWN_THERE),
  ),
  rule("sexual-roleplay", "sexual", "high", "Sexual roleplay request", seq(ROLEPLAY, PARTNER)),
  // sexual
  rule("sexual-spicy", "sexual", "high", "Sexual content", seq(SPICY, SPICY_THINGS)),
  rule("sexual-intimate-detail", "sexual", "high", "Sexual content", words(INTIMATE), words(DETAIL_ASKS)),
  rule("sexual-do-it", "sexual", "high", "Sexual content", DO_IT_WITH),
  rule("sexual-roleplay-romance", "sexual", "high", "Sexual roleplay request", words(ROLEPLAY_WORDS), words(ROMANCE)),
  rule("sexual-look-like", "sexual", "high", "Sexual request", LOOK_LIKE_IN),
  rule("sexual-underwear", "sexual", "high", "Sexual request", UNDERWEAR_ASK),
  rule("sexual-naked-asks", "sexual", "high", "Sexual content", words(NAKED_ASKS)),
  rule("sexual-size", "sexual", "high", "Sexual content", SIZE_OF),
  rule("sexual-wanna", "sexual", "high", "Sexual request", WANNA_SEX),
  rule("sexual-boy-or-girl", "sexual", "high", "Sexual request (grooming-like)", words(BOY_OR_GIRL), words(PIC_ASKS)),
  rule("sexual-body-lower", "sexual", "high", "Sexual content", BODY_LOWER),
];
