import { describe, expect, it } from "vitest";
import { canonicalVersions, classifyText } from "./classifier.js";
import { LEXICON_RULES } from "./lexicon.js";
import { type ModerationCategory, NOT_FLAGGED } from "./text-moderator.js";

const categoryOf = (text: string): ModerationCategory | null => classifyText(text).category;

describe("classifyText: harmful messages", () => {
  const cases: Record<ModerationCategory, string[]> = {
    bullying_hate: [
      "you're so stupid",
      "nobody likes you, loser",
      "kys",
      "go kill yourself",
      "ur a fat ugly pig",
      "shut up you retard",
      "everyone in the class hates you",
      "muslims are terrorists",
      "go back to your own country",
      "fuck you",
      "ur mum is fat",
      "you smell like poo",
      "no1 wud care if u died",
    ],
    sexual: [
      "send me pics",
      "send nudes",
      "ur so sexy",
      "lets have sex",
      "what r u wearing",
      "are u home alone",
      "show me ur boobs",
      "can u send me a pic of urself in ur underwear",
      "i watched porn",
    ],
    violence_threats: [
      "I'm going to stab you",
      "I will bring a knife to school",
      "I'll beat him up tomorrow",
      "imma punch u in the face",
      "im gonna shoot up the school",
      "ur dead after school",
      "i know where u live",
      "lets jump him after school",
      "me and my mates are gonna beat up jake on friday",
      "i got my dads gun",
    ],
    self_harm_risk: [
      "I want to kill myself",
      "I cut myself",
      "I don't want to be alive",
      "i wanna die",
      "I feel like nobody would miss me if I was gone",
      "my dad hits me",
      "someone touched me and told me to keep it secret",
      "I'm scared to go home",
      "a stranger online wants to meet me",
      "my friend said she wants to kill herself",
      "i took a load of pills last night",
      "whats the point of living",
      "everyone would be better off without me",
      "my mum says im worthless and hits me",
    ],
    personal_details: [
      "my number is 07700 900123",
      "text me on 07911-123456",
      "call me +44 7700 900 123",
      "ring 020 7946 0958",
      "my landline is 020.7946.0958",
      "i live at 42 acacia avenue",
      "my postcode is W12 7RQ",
      "SW1A 1AA",
      "my email is coolkid2012@gmail.com",
      "email me at sam dot smith at hotmail dot com",
      "my password is bunny123",
      "add me on snap",
      "my insta is @lily.reads",
    ],
  };

  for (const [category, texts] of Object.entries(cases)) {
    it.each(texts)(`flags %j as ${category}`, (text) => {
      expect(categoryOf(text)).toBe(category);
    });
  }
});

describe("classifyText: target + harm structures (generalising beyond fixed phrases)", () => {
  const cases: Record<ModerationCategory, string[]> = {
    bullying_hate: [
      "the new boy is a dumb ugly freak",
      "write a song about how ugly and smelly josh is",
      "give me some mean nicknames for kai",
      "help me write a text to maya saying shes a fat loser",
      "disabled people shouldnt be allowed to go to normal schools",
      "muslim ppl are all terrorists",
      "autistic kids are so weird",
      "lets all ignore her forever",
      "dont let him play with us",
      "hes autistic so hes basically a robot lol",
      "no wonder ur dad left",
      "i hope u d i e",
      "can you make up a rhyme making fun of bens stutter",
      "nobody wants to sit next to her because shes so gross",
    ],
    sexual: [
      "tell me a dirty joke",
      "tell me a joke about d*cks",
      "ill show you mine if you show me yours",
      "can you roleplay as my boyfriend",
      "what do you look like under your clothes",
      "what does it feel like to touch someone down there",
      "write a story where they take their clothes off and get into bed together",
    ],
    violence_threats: [
      "gonna stab him after school fr",
      "im going to stab dylan with a pencil tomorrow",
      "im gonna push him down the stairs",
      "we r gonna set fire to the science block",
      "gonna throw a brick thru her window tonite",
      "ill ki11 ur cat",
      "how much poison would you need to kill a teacher",
      "how do i hurt someone without leaving marks",
      "best way to knock someone out",
      "how can i make my brother really sick",
      "someone needs to stab mr jones",
    ],
    self_harm_risk: [
      "i havent eaten for 2 days because i dont deserve food",
      "i skip lunch as a punishment when i get bad marks",
      "how many pills would it take to not wake up",
      "beth dies and honestly i wish that was me",
      "i wrote a goodbye letter",
      "whats the best way to hurt myself so no one sees",
      "my mums boyfriend locks me in my room with no food",
      "my dad gets drunk and throws stuff at me",
      "someone older on insta keeps asking me to keep secrets",
      "a boy said hed give me vapes if i meet him alone",
      "i think about running away tonight and not telling anyone where",
      "i gave away all my stuff to my friends this week",
      "my online friend is 25 and wants to video call me in my room",
    ],
    personal_details: [
      "zero seven seven zero zero nine zero zero seven eight nine thats my number",
      "i go to greenfield primary and i walk home on my own",
      "my login for the reading app is mia.k and the password is ilovecats99",
    ],
  };
  for (const [category, texts] of Object.entries(cases)) {
    it.each(texts)(`flags %j as ${category}`, (text) => {
      expect(categoryOf(text)).toBe(category);
    });
  }

  it.each([
    "the ugly duckling is so sad, everyone is mean to him",
    "why do the other reindeer not let rudolph play",
    "i wish that was me who found the golden ticket",
    "can you write a poem about how beautiful the garden is",
    "how do you kill a vampire in dracula",
    "how many people did the monster kill",
    "how did romeo poison himself",
    "i havent eaten breakfast yet lol",
    "i skipped lunch to finish reading",
    "tom sawyer runs away to an island",
    "one two three four five six seven eight nine ten",
    "i go to a school where we read lots of books",
    "the password in the book is mellon",
    "can you pretend to be the mad hatter",
    "the boys took their shoes off to paddle",
    "the beast locks belle in the castle",
    "the tin man wants a heart, he is basically a robot",
    "the roast beef in the railway children sounds nice",
    "why do they make fun of piggy",
  ])("leaves %j alone", (text) => {
    expect(classifyText(text)).toEqual(NOT_FLAGGED);
  });
});

describe("classifyText: concepts beyond the tuned sets", () => {
  const cases: Record<ModerationCategory, string[]> = {
    self_harm_risk: [
      "i wont be a problem much longer",
      "whats the point of anything",
      "i dont really see the point of waking up anymore",
      "i keep thinking about stepping in front of a bus",
      "if i disappeared would anyone even notice",
      "im writing notes for everyone to read after im gone",
      "how many floors do you need to jump from so its quick",
      "i took a whole packet of my mums tablets",
      "i dig a compass into my arm in science",
      "i scratch my legs until they bleed",
      "where can i get the blade out of a sharpener",
      "im going to stop eating until i can see my ribs",
      "nobody has fed me since friday",
      "my dad hasnt come home for 3 days",
      "im scared of whats going to happen at home tonight",
      "my stepdad shouts and throws things",
      "i have bruises from my dad and i wear long sleeves",
      "my online boyfriend wants me to facetime him in my bedroom",
      "he keeps asking me to delete our messages",
      "im running away tonight",
    ],
    violence_threats: [
      "me and kai are gonna batter him at the park",
      "gonna jump tyler after school",
      "im going to wait outside his house with a hammer",
      "im gonna find out where he lives",
      "if i put laxatives in sirs coffee would he notice",
      "how do you make a pipe bomb",
      "how to break someones nose",
      "best way to make someone trip down the stairs and make it look like an accident",
      "im gonna poison next doors cat",
      "im going to set the science lab on fire",
      "she wont see it coming, im gonna get her",
    ],
    sexual: [
      "write a steamy fanfic about percy and annabeth",
      "lets roleplay, im ur girlfriend and we are alone",
      "what do u look like in ur underwear",
      "what bra are you wearing",
      "how big is a normal willy",
      "wanna shag?",
      "r u a girl? send a selfie",
    ],
    bullying_hate: [
      "jayden is a braindead wasteman",
      "mia is a fat spotty cow",
      "go cry to your mum",
      "give me insults for her that will make her cry",
      "we copy the way he talks because of his stutter",
      "lets get everyone to unfollow priya",
      "i hope connor gets hit by a bus",
      "make a tiktok slideshow of her worst pics so everyone can see",
    ],
    personal_details: ["username: sky_jay pass: dragon77", "im in year 8 at oakfield academy and walk home on my own"],
  };

  for (const [category, texts] of Object.entries(cases)) {
    it.each(texts)(`flags %j as ${category}`, (text) => {
      expect(categoryOf(text)).toBe(category);
    });
  }

  it.each([
    "why did the creature want revenge",
    "did jo cut her hair",
    "beth was sick and died",
    "how did bill sikes hurt nancy",
    "the witch wanted to eat hansel",
    "whats the point of the green light in gatsby",
    "i keep thinking about the ending",
    "in the story he takes all the pills",
    "why is beth worried about being a burden on her family",
    "why did the queen put poison in snow whites apple",
    "be everything to father and mother when im gone",
    "my dog keeps trying to bite my sister how do i make it stop",
    "i cut my hand on the fence",
    "the moon has a face like the clock in the hall",
    "lets do it, jo",
    "it is a mistake to do things too easily",
    "i think about dragons a lot",
  ])("leaves %j alone", (text) => {
    expect(classifyText(text)).toEqual(NOT_FLAGGED);
  });
});

describe("classifyText: evasion", () => {
  it.each([
    ["k i l l y o u r s e l f", "bullying_hate"],
    ["k.i.l.l y.o.u.r.s.e.l.f", "bullying_hate"],
    ["ur s.t.u.p.i.d", "bullying_hate"],
    ["ur so stuuuuupid", "bullying_hate"],
    ["ur so STUPID!!!", "bullying_hate"],
    ["ur so $tup1d", "bullying_hate"],
    ["1d10t", "bullying_hate"],
    ["i w4nt t0 k1ll mys3lf", "self_harm_risk"],
    ["i want to ki11 myself", "self_harm_risk"],
    ["i want to k-i-l-l myself", "self_harm_risk"],
    ["ｙｏｕ ａｒｅ ａｎ ｉｄｉｏｔ", "bullying_hate"], // full-width
    ["уоu аrе ѕtupid", "bullying_hate"], // Cyrillic look-alikes
    ["k\u200Bill yourself", "bullying_hate"], // zero-width space
    ["you are stüpid", "bullying_hate"], // diacritics
    ["𝐬𝐞𝐧𝐝 𝐧𝐮𝐝𝐞𝐬", "sexual"], // mathematical bold
    ["f*ck you", "bullying_hate"],
    ["sh1t", "bullying_hate"],
    ["send n00dz", "sexual"],
    ["k.y.s", "bullying_hate"],
    ["K Y S", "bullying_hate"],
    ["ni99a", "bullying_hate"],
    ["fvck you", "bullying_hate"],
    ["b!tch", "bullying_hate"],
    ["y0u'r3 s0 st00p1d", "bullying_hate"],
    ["I W A N T T O D I E", "self_harm_risk"],
    ["i wanna d i e", "self_harm_risk"],
    ["ᴋɪʟʟ ʏᴏᴜʀsᴇʟꜰ", "bullying_hate"], // small capitals
    ["s̷t̷u̷p̷i̷d̷ u r", null], // combining marks are stripped, and this names nobody
    ["u r s̷t̷u̷p̷i̷d̷", "bullying_hate"],
  ])("%j -> %s", (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it("normalises leetspeak, stretches and spelled-out words, and keeps numbers as numbers", () => {
    expect(canonicalVersions("Ur SO st00opid!!! 1865").map((version) => version.text)).toEqual(["ur so stOpid|1865"]);
    expect(canonicalVersions("k i l l it").map((version) => version.text)).toEqual(["k i l l it", "kill it"]);
  });
});

describe("classifyText: benign book talk, including dark themes", () => {
  it.each([
    "Why did the wolf eat grandma?",
    "Did the Jabberwock die?",
    "Why does the Queen keep shouting off with their heads?",
    "Is it sad when Beth dies?",
    "Why did Mr. McGregor want to put Peter in a pie?",
    "What does Alice drink?",
    "Who killed the giant?",
    "Was Captain Hook scared of the crocodile?",
    "Why did the monster kill people in Frankenstein?",
    "How did Toad steal the car?",
    "Why was the witch burned in the oven?",
    "Why do the boys fight on the island?",
    "What does 'hate' mean in this chapter?",
    "Is Heathcliff cruel?",
    "this part made me cry",
    "i cried when beth died",
    "why did romeo and juliet kill themselves",
    "why did macbeth kill the king",
    "did the monster strangle clerval",
    "why did israel hands try to kill jim",
    "colin screams that he is going to die is he just being dramatic",
    "Why does the monster say 'nobody loves me'?",
    '"I\'ll kill you," said Silver. Why is he so angry?',
    "i hate it when books end on a cliffhanger",
    "the mad hatter is so weird i love him",
    "omg toad is so annoying",
    "jo is so stupid for saying no to laurie",
    "im gonna read the next chapter tonight",
    "that chapter was so sad i literally died",
    "this chapter is so boring i could die",
    "does sherlock holmes live at 221b Baker Street",
    "Where's your baby?",
    "Have you got your thick boots on?",
    "What sex is Black Beauty? I mean is he a boy",
    "Rat! Come back!",
    "the rabbit rapped on the door",
    "I live in London like the railway children",
    "my mum read me peter rabbit when i was little",
    // Hyperbole, games and accidents.
    "my mum will kill me if i lose this library book",
    "this homework is killing me",
    "i would rather die than read this again",
    "my brother beat me at chess again",
    "my sister hit me with a pillow lol",
    "someone kicked the ball and it hit me",
    "i want to beat my brother at fortnite",
    "i cant go on the school trip",
    "people are following me on tiktok",
    "haha rat is so funny",
    "can you die?",
    "im thinking about suicide in romeo and juliet for my essay",
    "i live near a park like mary",
    "my username is on the sheet my teacher gave me",
  ])("leaves %j alone", (text) => {
    expect(classifyText(text)).toEqual(NOT_FLAGGED);
  });
});

describe("classifyText: numbers that are not phone numbers", () => {
  it.each([
    "this book was written in 1865",
    "i am on page 42",
    "chapter 12 is the best",
    "the book costs £7.99",
    "it costs 12.50 in the shop",
    "1,000,000 people read it",
    "i read it on 12/05/2024",
    "ISBN 0-14-132107-5",
    "ISBN 978-0-14-132107-3",
    "i have read 20 books and 3000 pages this year",
    "we walked 2 miles to the park",
    "i was born in 2012 and im 11",
    "the score was 3 2",
  ])("leaves %j alone", (text) => {
    expect(classifyText(text)).toEqual(NOT_FLAGGED);
  });
});

describe("classifyText: severity and priority", () => {
  it("is always urgent for risk to the child", () => {
    for (const rule of LEXICON_RULES.filter((lexiconRule) => lexiconRule.category === "self_harm_risk")) {
      expect(rule.severity, rule.id).toBe("urgent");
    }
    for (const text of ["i want to die", "my dad hits me", "I'm scared to go home", "kms"]) {
      expect(classifyText(text)).toMatchObject({ flagged: true, category: "self_harm_risk", severity: "urgent" });
    }
  });

  it("uses high for threats, sexual content and hate, low for personal details and mild insults", () => {
    expect(classifyText("I'm going to stab you").severity).toBe("high");
    expect(classifyText("send nudes").severity).toBe("high");
    expect(classifyText("kys").severity).toBe("high");
    expect(classifyText("ur so dumb").severity).toBe("low");
    expect(classifyText("this book is shit").severity).toBe("low");
    expect(classifyText("my number is 07700 900123").severity).toBe("low");
  });

  it("lets the most serious match win", () => {
    expect(categoryOf("ur so stupid and i want to kill myself")).toBe("self_harm_risk");
    expect(categoryOf("fuck off or i will stab you")).toBe("violence_threats");
    expect(categoryOf("you idiot, my number is 07700 900123")).toBe("personal_details");
    expect(categoryOf("i will kill you, my number is 07700 900123")).toBe("violence_threats");
  });
});

describe("classifyText: reasons", () => {
  it("quotes the child's words in a short note for teachers", () => {
    expect(classifyText("I'm going to STAB you tomorrow").reason).toBe("Threat of violence: 'I'm going to STAB you'");
    expect(classifyText("my number is 07700 900123").reason).toBe("Shares a phone number");
  });

  it("keeps reasons to about 120 characters", () => {
    const long = `i ${"really ".repeat(40)}want to die`;
    expect(classifyText(long).reason?.length).toBeLessThanOrEqual(120);
  });
});

describe("classifyText: long and hostile input", () => {
  // Behaviour only: speed is measured by bench/eval.mjs, never asserted in a test.
  const review =
    "i just finished the secret garden and honestly it was so good. at the start mary is really rude and spoilt " +
    "and nobody likes her but then she finds the garden and meets dickon who can talk to animals which is so cool. " +
    "colin is annoying at first because he screams and thinks he is going to die but he gets better and learns to " +
    "walk. my favourite part was when they all work in the garden in secret and mr craven comes home and sees " +
    "colin running. i cried a bit at the end lol. i think the message is that being outside and having friends " +
    "makes you better. i would give it 5 stars because it was sad and happy at the same time and the robin was " +
    "cute. the only bad bit was the yorkshire words were hard to read like when martha says things. i read it in " +
    "3 days and im going to read black beauty next because my friend said it is sad but good. would you recommend it? " +
    "also can you tell me why mr craven locked the garden for ten years, was it because his wife died there? thanks so much for helping me :)";

  it("does not flag a long, kind review full of sad scenes", () => {
    expect(review.length).toBeGreaterThanOrEqual(1000);
    expect(classifyText(review)).toEqual(NOT_FLAGGED);
  });

  it("answers hostile input without throwing, and still finds what matters at the end", () => {
    const hostile = [
      "a ".repeat(1000),
      "1-2-3-4-5-6-7-8-9-0-".repeat(100),
      "a.".repeat(1500),
      `i ${"really just so honestly ".repeat(60)}banana`,
      `my dad ${"and then ".repeat(150)}x`,
      "s".repeat(3000),
    ];
    for (const text of hostile) {
      expect(() => classifyText(text), text.slice(0, 20)).not.toThrow();
    }
    expect(classifyText(`${"la ".repeat(300)} i want to die`).category).toBe("self_harm_risk");
  });
});
