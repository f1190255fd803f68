import { describe, expect, it } from "vitest";
import { loadSeedBook } from "../eval/evaluate-answers.js";
import { shortAnswer } from "./extract.js";
import { namesInNarration, pronounOf, toFirstPerson } from "./first-person.js";
import { askedWord, explainWord, findUse } from "./meaning.js";
import { analyse, lemmaOf } from "./nlp.js";
import {
  characterAliases,
  chapterNumber,
  LAST_CHAPTER,
  normaliseQuestion,
  questionKind,
  readChildQuestion,
  resolveAliases,
  youAreTheCharacter,
} from "./question.js";
import { chaptersOf, findChapter, summarise } from "./summary.js";
import { baseForms, senses } from "./wordnet.js";

const BOOK = { kind: "book" } as const;

describe("reading the question", () => {
  it.each([
    ["who took over Toad Hall", "who"],
    ["what did Alice drink", "what"],
    ["where does Dorothy live", "where"],
    ["when did the boy get the rabbit", "when"],
    ["why did Mole leave home", "why"],
    ["how did Toad escape", "how"],
    ["how many years did Toad get", "how-many"],
    ["how much money did Fogg bet", "how-many"],
    ["how long was Ben Gunn on the island", "how-long"],
    ["what is the name of the inn", "name"],
    ["what was the ship called", "name"],
    ["Toad is funny", "other"],
  ])("“%s” is a %s question", (question, kind) => {
    expect(questionKind(question)).toBe(kind);
  });

  it("puts a child's spelling of question words right, and leaves the rest to the book's spelling", () => {
    expect(normaliseQuestion("wat did alice drink")).toBe("what did alice drink");
    expect(normaliseQuestion("were does dorthy live")).toBe("where does dorthy live");
    expect(normaliseQuestion("whos the doctor")).toBe("who is the doctor");
    expect(normaliseQuestion("y did u go becuz of the rain")).toBe("why did you go because of the rain");
    // "were" is a verb when no question follows it.
    expect(normaliseQuestion("were they happy")).toBe("were they happy");
  });

  it.each([
    ["3", 3],
    ["three", 3],
    ["third", 3],
    ["III", 3],
    ["xii", 12],
    ["last", LAST_CHAPTER],
    ["banana", null],
  ])("reads chapter “%s” as %s", (text, number) => {
    expect(chapterNumber(text)).toBe(number);
  });

  it("tells a question about a chapter or the story so far from a question about something in it", () => {
    expect(readChildQuestion("what happens in chapter 3", BOOK, new Map())).toMatchObject({
      kind: "chapter",
      chapter: 3,
    });
    expect(readChildQuestion("wat hapend in the third chapter?", BOOK, new Map())).toMatchObject({
      kind: "chapter",
      chapter: 3,
    });
    expect(readChildQuestion("can you summarise chapter IV", BOOK, new Map())).toMatchObject({ chapter: 4 });
    expect(readChildQuestion("what happens in the last chapter", BOOK, new Map())).toMatchObject({
      chapter: LAST_CHAPTER,
    });
    expect(readChildQuestion("what happened at the very end", BOOK, new Map())).toMatchObject({
      chapter: LAST_CHAPTER,
    });
    expect(readChildQuestion("what has happened so far?", BOOK, new Map()).kind).toBe("so-far");
    // A chapter named, but not its events; and the end of something else.
    expect(readChildQuestion("who is in chapter 3", BOOK, new Map()).kind).toBe("who");
    expect(readChildQuestion("what happened to Toad at the end", BOOK, new Map()).kind).toBe("what");
  });

  it("knows the other names children use for a book's characters", () => {
    const treasure = characterAliases(["Jim Hawkins", "Dr. Livesey", "Captain Smollett", "Squire Trelawney"]);
    expect(resolveAliases("what did the doctor do", treasure)).toBe("what did Dr. Livesey do");
    expect(resolveAliases("who is doctor livesey", treasure)).toBe("who is Dr. Livesey");
    expect(resolveAliases("why was the captain cross", treasure)).toBe("why was Captain Smollett cross");
    expect(resolveAliases("where did James Hawkins hide", treasure)).toBe("where did Jim Hawkins hide");
    const women = characterAliases(["Meg", "Jo", "Beth", "Amy", "Mr. Laurence", "Mrs. March"]);
    expect(resolveAliases("what did Josephine sell", women)).toBe("what did Jo sell");
    expect(resolveAliases("is Elizabeth ill", women)).toBe("is Beth ill");
    // Two women are "Mrs.": "the missus" would be a guess, so it is left alone.
    expect(resolveAliases("what did the missus say", women)).toBe("what did the missus say");
    // A word that only contains an alias is not one ("jolly" is not "Jo").
    expect(resolveAliases("a jolly day", women)).toBe("a jolly day");
  });

  it("hears “you” in a character chat as the character", () => {
    const toad = { kind: "character", name: "Toad" } as const;
    expect(youAreTheCharacter("why did you go to prison", toad)).toBe("why did Toad go to prison");
    expect(youAreTheCharacter("where is your house", toad)).toBe("where is Toad’s house");
    expect(youAreTheCharacter("are you sorry", toad)).toBe("is Toad sorry");
    expect(youAreTheCharacter("why did you go to prison", BOOK)).toBe("why did you go to prison");
    expect(readChildQuestion("why did u go to prison", toad, new Map()).text).toBe("why did Toad go to prison");
  });
});

describe("WordNet", () => {
  it("finds a word's senses with their definitions, examples and other words", () => {
    const wayfarer = senses("wayfarer");
    expect(wayfarer.length).toBeGreaterThanOrEqual(2);
    expect(wayfarer.map((sense) => sense.gloss).join(" | ")).toMatch(/travel/);
    expect(wayfarer.every((sense) => sense.partOfSpeech === "noun")).toBe(true);
    expect(senses("wayfarers")).toEqual(wayfarer);
    expect(senses("vanquished", ["verb"])[0]?.words).toContain("beat");
  });

  it("puts the part of speech a word is mostly used in first", () => {
    expect(senses("real")[0]?.partOfSpeech).toBe("adj");
    expect(senses("run")[0]?.partOfSpeech).toBe("verb");
  });

  it("knows nothing of words that are not English, and of an empty word", () => {
    expect(senses("zzzqx")).toEqual([]);
    expect(senses("")).toEqual([]);
  });

  it("undoes endings to find a dictionary form", () => {
    expect(baseForms("stopped", "verb")).toContain("stop");
    expect(baseForms("ponies", "noun")).toContain("pony");
    expect(baseForms("boxes", "noun")).toContain("box");
  });
});

describe("what a word means", () => {
  it.each([
    ["What does wayfarer mean?", "wayfarer", true],
    ["wat does imperiously meen", "imperiously", true],
    ["what is the meaning of 'melancholy'", "melancholy", true],
    ["define audacious", "audacious", true],
    ["what is a wayfarer?", "wayfarer", false],
  ])("reads “%s” as asking about %s", (question, word, explicit) => {
    expect(askedWord(question)).toEqual({ word, explicit });
  });

  it("asks about no word in other questions", () => {
    expect(askedWord("what did Toad mean to do")).toBeNull();
    expect(askedWord("why did Mole leave home")).toBeNull();
  });

  it("explains a word in the sense the book uses it, with the sentence where it does", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const meaning = explainWord("wayfarer", willows.passages.passages);
    expect(meaning?.explanation).toMatch(/walks|travel/);
    expect(meaning?.use?.sentence).toMatch(/wayfarers/);
    expect(meaning?.use?.passage.chapter).toBe("II. THE OPEN ROAD");
    // An adverb "in an imperious manner" is explained by what "imperious" means.
    expect(explainWord("imperiously", willows.passages.passages)?.explanation).toMatch(/^in a way that is imperious: /);
  });

  it("finds the word's use in a sentence, not in a heading in capitals", async () => {
    const rabbit = await loadSeedBook("the-velveteen-rabbit");
    const use = findUse("real", rabbit.passages.passages);
    expect(use?.sentence).toMatch(/\breal\b/i);
    expect(use?.sentence).toMatch(/\p{Ll}/u);
    expect(use?.sentence).not.toMatch(/\breally\b/);
  });

  it("knows neither a meaning nor a use for a made-up word", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    expect(explainWord("flibbertigrock", willows.passages.passages)).toBeNull();
  });
});

describe("telling it as the character", () => {
  const toad = ["Toad", "Mr. Toad"];

  it.each([
    ["‘O dear, O dear!’ said poor Toad, and he wept.", "‘O dear, O dear!’ I said, and I wept."],
    [
      "Toad was sentenced to twenty years, and his friends were sad.",
      "I was sentenced to twenty years, and my friends were sad.",
    ],
    ["The Rat gave Toad a hard look and told him to sit down.", "The Rat gave me a hard look and told me to sit down."],
    ["Toad’s car crashed into a hedge.", "My car crashed into a hedge."],
    ["Then Mr. Toad is in prison.", "Then I am in prison."],
    ["He ran off, and Toad laughed at the Rat.", "He ran off, and I laughed at the Rat."],
    ["The Rat and the Mole rowed home.", "The Rat and the Mole rowed home."],
  ])("“%s”", (sentence, told) => {
    expect(toFirstPerson(sentence, toad, "he")).toBe(told);
  });

  it("leaves what someone says as they said it", () => {
    expect(toFirstPerson("‘Toad is a silly animal,’ said the Rat to Toad.", toad, "he")).toBe(
      "‘Toad is a silly animal,’ said the Rat to me.",
    );
  });

  it("turns “her” into “my” only where it is a possessive", () => {
    expect(toFirstPerson("Alice looked at her sister, and the Rabbit saw Alice.", ["Alice"], "she")).toBe(
      "I looked at my sister, and the Rabbit saw me.",
    );
  });

  it("knows whether a character is he or she from the pronoun that follows the name", () => {
    expect(
      pronounOf(["Aouda smiled, and she thanked him.", "Mr. Fogg bowed to Aouda, who smiled as she sat."], "Aouda"),
    ).toBe("she");
    expect(pronounOf(["Toad said he would go."], "Toad")).toBe("he");
    expect(pronounOf(["The Cyclone came."], "Cyclone")).toBe("it");
  });

  it("tells narration that names the character from speech that does", () => {
    expect(namesInNarration("Toad sat down.", toad)).toBe(true);
    expect(namesInNarration("‘Where is Toad?’ asked the Rat.", toad)).toBe(false);
  });
});

describe("the short answer in a sentence", () => {
  const known = new Set(["toad", "mole"]);

  it.each([
    ["how-many", "He had two hundred pounds in the bank.", "Two hundred pounds"],
    ["how-long", "Toad was sent to prison for twenty years, poor animal.", "Twenty years"],
    ["where", "Toad drove the car straight to Toad Hall and hid.", "To Toad Hall"],
    ["where", "Toad sat down with the Mole.", null],
    ["where", "They walked into the Wild Wood at dusk.", "Into the Wild Wood"],
    ["why", "Mole ran away because the spring was calling him.", "Because the spring was calling him"],
    ["name", "He kept an inn called the Admiral Benbow.", "The Admiral Benbow"],
    ["when", "On Christmas morning the Boy found the Rabbit.", "Christmas"],
    ["what", "Toad bought a caravan.", null],
  ] as const)("a %s question: “%s”", (kind, sentence, answer) => {
    expect(shortAnswer(kind, sentence, known)).toBe(answer);
  });

  it("answers “who” only with one of the book's characters, near the question's own words", () => {
    const people = ["Mole", "Rat", "Badger"];
    const content = new Set(["follow", "home"]);
    expect(shortAnswer("who", "‘Well,’ said the Badger, and Mole followed him home.", known, "", content, people)).toBe(
      "Badger",
    );
    // A capitalised word is not always someone: "the Zoo".
    expect(
      shortAnswer("who", "Which well you may see at the Zoo, following home.", known, "", content, people),
    ).toBeNull();
    // Someone named far from what the question asks about is not its answer.
    expect(
      shortAnswer(
        "who",
        "The Badger was asleep, and much later, after the long and windy winter was over, Mole followed the path home.",
        known,
        "",
        content,
        people,
      ),
    ).toBeNull();
  });

  it("takes the colour for a question about a colour", () => {
    expect(shortAnswer("what", "It was a blue jacket with brass buttons.", known, "what colour was his jacket")).toBe(
      "Blue",
    );
    expect(shortAnswer("what", "It was a new jacket.", known, "what colour was his jacket")).toBeNull();
  });

  it("takes money for a question about money, and no lone “one”", () => {
    expect(
      shortAnswer(
        "how-many",
        "If it took ten years, he bet five thousand pounds on Phileas Fogg.",
        known,
        "how much money did he bet",
      ),
    ).toBe("Five thousand pounds");
    expect(shortAnswer("how-many", "I had one thing to sell.", known, "how much")).toBeNull();
  });
});

describe("summaries", () => {
  it("numbers the chapters by their headings, and finds “the last”", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const chapters = chaptersOf(willows.passages.passages);
    expect(chapters).toHaveLength(12);
    expect(findChapter(chapters, 3)?.heading).toBe("III. THE WILD WOOD");
    expect(findChapter(chapters, LAST_CHAPTER)?.heading).toBe("XII. THE RETURN OF ULYSSES");
    expect(findChapter(chapters, 40)).toBeNull();
  });

  it("sums up a chapter in a few of its own sentences, in reading order, within the words allowed", async () => {
    const willows = await loadSeedBook("the-wind-in-the-willows");
    const chapter = findChapter(chaptersOf(willows.passages.passages), 3);
    const text = chapter?.passages.map((passage) => passage.text.replace(/\s+/g, " ")).join(" ") ?? "";
    const frequency = new Map<string, number>();
    const sentences = summarise(chapter?.passages ?? [], frequency, willows.passages.passages.length, 50);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.join(" ").split(/\s+/).length).toBeLessThanOrEqual(50);
    // Narration, not scraps of talk ("A door-scraper!").
    expect(sentences.filter((sentence) => /[‘“?]/.test(sentence))).toEqual([]);
    let at = -1;
    for (const sentence of sentences) {
      const found = text.indexOf(sentence);
      expect(found, sentence).toBeGreaterThan(at);
      at = found;
    }
  });
});

describe("language analysis", () => {
  it("gives parts of speech, dictionary forms and entities", () => {
    const { tokens, entities } = analyse("Toad went to prison for twenty years.");
    expect(tokens.map((token) => token.lemma)).toContain("go");
    expect(tokens.find((token) => token.text === "prison")?.pos).toBe("NOUN");
    expect(entities).toContainEqual({ text: "twenty years", type: "DURATION" });
    expect(lemmaOf("mice")).toBe("mouse");
  });
});
