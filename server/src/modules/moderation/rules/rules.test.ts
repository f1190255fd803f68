import { describe, expect, it } from "vitest";
import { CATEGORY_INFO, type ModerationCategory, RISK_CATEGORIES } from "../taxonomy.js";
import { LEXICON_RULES } from "./lexicon/index.js";
import { canonicalVersions } from "./normalise.js";
import { classifyRules, NO_RULE_MATCHED, type RuleVerdict, warmUp } from "./rules.js";

const categoryOf = (text: string): ModerationCategory | null => classifyRules(text).category;

/** Every case of a table: `flags "text" as category`. */
function flagsEach(cases: Partial<Record<ModerationCategory, readonly string[]>>): void {
  for (const [category, texts] of Object.entries(cases)) {
    it.each(texts)(`flags %j as ${category}`, (text) => {
      expect(categoryOf(text)).toBe(category);
    });
  }
}

describe("classifyRules: harmful messages", () => {
  flagsEach({
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
      "i want to fuck you",
      "how big is ur d1ck",
    ],
    threat_violence: [
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
    risk_self_harm: [
      "I want to kill myself",
      "I cut myself",
      "I don't want to be alive",
      "i wanna die",
      "I feel like nobody would miss me if I was gone",
      "my friend said she wants to kill herself",
      "i took a load of pills last night",
      "whats the point of living",
      "everyone would be better off without me",
    ],
    risk_abuse: [
      "my dad hits me",
      "someone touched me and told me to keep it secret",
      "I'm scared to go home",
      "my mum says im worthless and hits me",
    ],
    risk_grooming: ["a stranger online wants to meet me"],
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
  });
});

describe("classifyRules: target + harm structures", () => {
  flagsEach({
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
    threat_violence: [
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
    risk_self_harm: [
      "i havent eaten for 2 days because i dont deserve food",
      "i skip lunch as a punishment when i get bad marks",
      "how many pills would it take to not wake up",
      "beth dies and honestly i wish that was me",
      "i wrote a goodbye letter",
      "whats the best way to hurt myself so no one sees",
      "i gave away all my stuff to my friends this week",
    ],
    risk_abuse: ["my mums boyfriend locks me in my room with no food", "my dad gets drunk and throws stuff at me"],
    risk_grooming: [
      "someone older on insta keeps asking me to keep secrets",
      "a boy said hed give me vapes if i meet him alone",
      "my online friend is 25 and wants to video call me in my room",
    ],
    risk_running_away: ["i think about running away tonight and not telling anyone where"],
    personal_details: [
      "zero seven seven zero zero nine zero zero seven eight nine thats my number",
      "i go to greenfield primary and i walk home on my own",
      "my login for the reading app is mia.k and the password is ilovecats99",
    ],
  });

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
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });
});

describe("classifyRules: concepts beyond the tuned sets", () => {
  flagsEach({
    risk_self_harm: [
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
    ],
    risk_abuse: [
      "nobody has fed me since friday",
      "my dad hasnt come home for 3 days",
      "im scared of whats going to happen at home tonight",
      "my stepdad shouts and throws things",
      "i have bruises from my dad and i wear long sleeves",
    ],
    risk_grooming: [
      "my online boyfriend wants me to facetime him in my bedroom",
      "he keeps asking me to delete our messages",
    ],
    risk_running_away: ["im running away tonight"],
    threat_violence: [
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
  });

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
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });
});

describe("classifyRules: each risk to the child", () => {
  flagsEach({
    risk_self_harm: ["kms", "i want to end it all tonight", "i have been cutting again"],
    risk_abuse: [
      "my stepdad hit me with a belt",
      "im being abused at home",
      "my best friend is being abused",
      "there is no food at home and nobody feeds me",
    ],
    risk_grooming: [
      "he says he'll post my pics to everyone at school unless i send more",
      "the older boys want me to hold a package for them",
      "my online friend sent me nudes and told me not to tell",
      "i owe them money so i have to deliver packages",
      "im being groomed",
    ],
    risk_forced_marriage_fgm: [
      "my parents are making me marry my cousin in the summer",
      "im being forced to get married",
      "they are sending me to pakistan to get married",
      "my aunt says im going to be cut when we go back home this summer",
      "im scared they will do fgm to me",
    ],
    risk_running_away: ["im going to run away", "i packed a bag and im leaving home tonight"],
    risk_radicalisation: [
      "i want to join isis",
      "hitler was right",
      "a man online keeps sending me videos about the race war",
      "heil hitler",
    ],
  });

  it.each([
    "why was juliet forced to marry paris",
    "does jo marry laurie",
    "why did hitler hate the jews",
    "why does everyone say heil hitler in the book thief",
    "the boy held his finger in the dyke",
    "who runs away in the railway children",
    "what happens to oliver when fagin makes him steal",
  ])("leaves %j alone", (text) => {
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });

  it("is always urgent for risk to the child", () => {
    for (const rule of LEXICON_RULES.filter((lexiconRule) => CATEGORY_INFO[lexiconRule.category].group === "risk")) {
      expect(rule.severity, rule.id).toBe("urgent");
    }
    for (const category of RISK_CATEGORIES) {
      expect(
        LEXICON_RULES.some((rule) => rule.category === category),
        category,
      ).toBe(true);
    }
    for (const text of ["i want to die", "my dad hits me", "I'm scared to go home", "kms", "im going to run away"]) {
      expect(classifyRules(text).severity, text).toBe("urgent");
    }
  });
});

describe("classifyRules: swearing", () => {
  flagsEach({
    swearing_mild: [
      "damn this book is long",
      "dammit i lost my page",
      "crap i forgot my book at school",
      "bloody hell thats a long book",
      "this wifi is bloody useless",
      "bloody homework",
      "what the hell happened in chapter 4",
      "hell no im not reading that again",
      "im so pissed off i lost my library card",
      "oh bugger i spoiled it for myself",
      "sod it im reading the next one",
      "wtf was that ending",
      "ffs i lost my place again",
      "omfg he's alive",
      "f***",
      "what the f***",
      "oh sh*t the test is today",
      "piss off rain i wanna go out",
    ],
    swearing_strong: [
      "this book is shit",
      "shit i forgot my book",
      "fuck",
      "what the fuck was that ending",
      "this chapter is so fucking long",
      "fuuuuuuuck",
      "f u c k",
      "sh1t",
      "$hit",
      "bo11ocks",
      "holy shit that twist",
      "i was a right dickhead i read the last page first",
      "son of a bitch i dropped my phone",
    ],
    bullying_hate: [
      "fuck off",
      "fuck u",
      "go fuck yourself",
      "ur a dickhead",
      "ur a dumb bitch",
      "you're such a twat",
      "shut up bitch",
      "ok bitch",
      "bitch!",
      "you fucking idiot",
      "ur fucking stupid",
      "jake is a dickhead",
      "f*ck you",
      "f*** off",
      "stfu",
      "piss off",
      "ur mum is a slag",
      "the new kid is a fucking loser",
    ],
  });

  it("grades swearing: mild is low, strong and aimed are high", () => {
    expect(classifyRules("damn")).toMatchObject({
      category: "swearing_mild",
      severity: "low",
      ruleId: "swearing-mild",
    });
    expect(classifyRules("shit")).toMatchObject({ category: "swearing_strong", severity: "high" });
    expect(classifyRules("fuck you")).toMatchObject({ category: "bullying_hate", severity: "high" });
    expect(classifyRules("piss off")).toMatchObject({ category: "bullying_hate", severity: "low" });
  });

  it("quotes the swearing", () => {
    expect(classifyRules("this book is SHIT").reason).toBe("Strong swearing: 'SHIT'");
    expect(classifyRules("oh damn").reason).toBe("Mild swearing: 'damn'");
    expect(classifyRules("ugh, fuck you").reason).toBe("Swearing at someone: 'fuck you'");
  });

  it.each([
    "i went to Scunthorpe on holiday",
    "who was Dick Whittington",
    "is Moby Dick a whale",
    "is dickon a real boy",
    "why did dick johnson join the pirates",
    "a cocktail umbrella",
    "who was the assassin in the story",
    "our class read it together",
    "grapes are my favourite fruit",
    "the knife was bloody",
    "there was a bloody handprint on the wall in the mystery",
    "the bloody tower is in the tower of london",
    "bottom is turned into an ass in a midsummer nights dream",
    "why does puzzle the ass wear the lion skin",
    "why did faustus go to hell in the play",
    "is hell real in the book",
    "the hell scene in the book is so creepy",
    "omg toad is so funny",
    "oh my god i loved it",
    "gosh that was sad",
    "a chink of light came through the curtain",
    "the boy put his finger in the dyke",
    "she pricked her finger on the spinning wheel",
    "the owl and the pussy cat went to sea",
    "we had faggots and peas for tea",
    "in the dog book the mother bitch had 8 puppies",
    "what does 'bastard' mean in king lear",
    "shiitake mushrooms taste weird",
    "the class assembly was fun",
    "i passed my assessment",
  ])("leaves %j alone", (text) => {
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });

  it("flags slurs wherever they are, known to obscenity or not", () => {
    for (const text of ["thats so retarded", "he is a paki", "n1gger", "fa66ot", "what a tranny"]) {
      expect(classifyRules(text), text).toMatchObject({ category: "bullying_hate", severity: "high" });
    }
  });
});

describe("classifyRules: personal details", () => {
  flagsEach({
    personal_details: [
      "meet me at the park after school",
      "can we meet up irl",
      "come round mine after school",
      "send me ur number",
      "whats ur snap",
      "what is your address",
      "whats your email",
    ],
  });

  it("is high for meetings and asking someone for contact details, low for giving a detail or asking the AI", () => {
    expect(classifyRules("meet me at the park after school").severity).toBe("high");
    expect(classifyRules("send me ur number").severity).toBe("high");
    expect(classifyRules("whats ur snap").severity).toBe("high");
    expect(classifyRules("what is your address").severity).toBe("low");
    expect(classifyRules("my number is 07700 900123").severity).toBe("low");
  });

  it.each([
    "when does jo meet laurie",
    "where do harry and ron meet",
    "whats your favourite book",
    "what is the address of the white rabbit",
  ])("leaves %j alone", (text) => {
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });
});

describe("classifyRules: evasion", () => {
  it.each([
    ["k i l l y o u r s e l f", "bullying_hate"],
    ["k.i.l.l y.o.u.r.s.e.l.f", "bullying_hate"],
    ["ur s.t.u.p.i.d", "bullying_hate"],
    ["ur so stuuuuupid", "bullying_hate"],
    ["ur so STUPID!!!", "bullying_hate"],
    ["ur so $tup1d", "bullying_hate"],
    ["1d10t", "bullying_hate"],
    ["i w4nt t0 k1ll mys3lf", "risk_self_harm"],
    ["i want to ki11 myself", "risk_self_harm"],
    ["i want to k-i-l-l myself", "risk_self_harm"],
    ["ｙｏｕ ａｒｅ ａｎ ｉｄｉｏｔ", "bullying_hate"], // full-width
    ["уоu аrе ѕtupid", "bullying_hate"], // Cyrillic look-alikes
    ["k\u200Bill yourself", "bullying_hate"], // zero-width space
    ["you are stüpid", "bullying_hate"], // diacritics
    ["𝐬𝐞𝐧𝐝 𝐧𝐮𝐝𝐞𝐬", "sexual"], // mathematical bold
    ["f*ck you", "bullying_hate"],
    ["sh1t", "swearing_strong"],
    ["send n00dz", "sexual"],
    ["k.y.s", "bullying_hate"],
    ["K Y S", "bullying_hate"],
    ["ni99a", "bullying_hate"],
    ["fvck you", "bullying_hate"],
    ["b!tch", "bullying_hate"],
    ["y0u'r3 s0 st00p1d", "bullying_hate"],
    ["I W A N T T O D I E", "risk_self_harm"],
    ["i wanna d i e", "risk_self_harm"],
    ["ᴋɪʟʟ ʏᴏᴜʀsᴇʟꜰ", "bullying_hate"], // small capitals
    ["s̷t̷u̷p̷i̷d̷ u r", null], // combining marks are stripped, and this names nobody
    ["u r s̷t̷u̷p̷i̷d̷", "bullying_hate"],
    ["ｆｕｃｋ ｙｏｕ", "bullying_hate"],
  ])("%j -> %s", (text, category) => {
    expect(categoryOf(text)).toBe(category);
  });

  it("normalises leetspeak, stretches and spelled-out words, and keeps numbers as numbers", () => {
    expect(canonicalVersions("Ur SO st00opid!!! 1865").map((version) => version.text)).toEqual(["ur so stOpid|1865"]);
    expect(canonicalVersions("k i l l it").map((version) => version.text)).toEqual(["k i l l it", "kill it"]);
  });
});

describe("classifyRules: benign book talk, including dark themes", () => {
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
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });

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
  ])("leaves the number in %j alone", (text) => {
    expect(classifyRules(text)).toEqual(NO_RULE_MATCHED);
  });
});

describe("classifyRules: severity and priority", () => {
  it("uses high for threats, sexual content and hate, low for personal details and mild insults", () => {
    expect(classifyRules("I'm going to stab you").severity).toBe("high");
    expect(classifyRules("send nudes").severity).toBe("high");
    expect(classifyRules("kys").severity).toBe("high");
    expect(classifyRules("ur so dumb")).toMatchObject({ category: "bullying_hate", severity: "low" });
    expect(classifyRules("my number is 07700 900123").severity).toBe("low");
  });

  it("lets risk beat harm, harm beat personal details, and personal details beat swearing", () => {
    expect(categoryOf("ur so stupid and i want to kill myself")).toBe("risk_self_harm");
    expect(categoryOf("fuck off or i will stab you")).toBe("threat_violence");
    expect(categoryOf("i will kill you, my number is 07700 900123")).toBe("threat_violence");
    // A mild insult is still harm to someone: it outranks the phone number.
    expect(classifyRules("you idiot, my number is 07700 900123")).toMatchObject({
      category: "bullying_hate",
      severity: "low",
    });
    expect(categoryOf("damn, my number is 07700 900123")).toBe("personal_details");
    expect(categoryOf("shit, meet me at the park after school")).toBe("personal_details");
    expect(categoryOf("fucking hell my dad hits me")).toBe("risk_abuse");
  });
});

describe("classifyRules: the verdict", () => {
  it("names the rule and quotes the child's words in a short note for teachers", () => {
    expect(classifyRules("I'm going to STAB you tomorrow")).toEqual({
      flagged: true,
      category: "threat_violence",
      severity: "high",
      reason: "Threat of violence: 'I'm going to STAB you'",
      ruleId: "threat-intent",
    });
    expect(classifyRules("my number is 07700 900123")).toMatchObject({
      reason: "Shares a phone number",
      ruleId: "personal-phone",
    });
  });

  it("says nothing when nothing matched", () => {
    const verdict: RuleVerdict = classifyRules("what a lovely book");
    expect(verdict).toEqual({ flagged: false, category: null, severity: "none", reason: null, ruleId: null });
  });

  it("keeps reasons to about 120 characters", () => {
    const long = `i ${"really ".repeat(40)}want to die`;
    expect(classifyRules(long).reason?.length).toBeLessThanOrEqual(120);
  });

  it("can be warmed up more than once", () => {
    warmUp();
    warmUp();
    expect(categoryOf("i want to die")).toBe("risk_self_harm");
  });
});

describe("classifyRules: long and hostile input", () => {
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
    expect(classifyRules(review)).toEqual(NO_RULE_MATCHED);
  });

  it("answers hostile input without throwing, and still finds what matters at the end", () => {
    const hostile = [
      "a ".repeat(1000),
      "1-2-3-4-5-6-7-8-9-0-".repeat(100),
      "a.".repeat(1500),
      `i ${"really just so honestly ".repeat(60)}banana`,
      `my dad ${"and then ".repeat(150)}x`,
      "s".repeat(3000),
      "f*".repeat(1500),
      "shit ".repeat(600),
      "",
    ];
    for (const text of hostile) {
      expect(() => classifyRules(text), text.slice(0, 20)).not.toThrow();
    }
    expect(categoryOf(`${"la ".repeat(300)} i want to die`)).toBe("risk_self_harm");
    expect(categoryOf(`${"la ".repeat(300)} fuck you`)).toBe("bullying_hate");
  });
});
