import { describe, expect, it } from "vitest";
import { isShowableSummary, SUMMARY_MAX_LENGTH, summariseChat } from "./summary.js";

// The teacher's one-line summary of a chat, made offline from the student's messages.

const WILLOWS = ["Mole", "Water Rat", "Mr. Toad", "Badger", "Otter", "Portly"];

const summary = (messages: string[], options: { characterName?: string } = {}) =>
  summariseChat({ messages, names: WILLOWS, ...options });

describe("summariseChat", () => {
  it("says what was asked and what confused them, as the teacher's list shows it", () => {
    expect(summary(["Why did Toad go to prison?", "who is badger", "I don't get who Badger is"])).toBe(
      "Asked why Toad went to prison; confused about who Badger is",
    );
  });

  it.each([
    ["Why does Mole leave home?", "Asked why Mole leaves home"],
    ["where does Toad live", "Asked where Toad lives"],
    ["how many horses did the gipsy have", "Asked how many horses the gipsy had"],
    ["what happened to the car", "Asked what happened to the car"],
    ["who stole the car?", "Asked who stole the car"],
    ["who is badger", "Asked who Badger is"],
    ["was Toad sorry", "Asked whether Toad was sorry"],
    ["did Toad escape from the prison", "Asked whether Toad escaped from the prison"],
    ["Can Mole swim?", "Asked whether Mole can swim"],
    ["why were the weasels in Toad Hall", "Asked why the weasels were in Toad Hall"],
    ["what colour is Toad's car", "Asked what colour Toad's car is"],
    ["why didn't toad listen to Badger", "Asked why Toad didn't listen to Badger"],
    ["What does Toad's car look like?", "Asked what Toad's car looks like"],
    ["how old is Mole", "Asked how old Mole is"],
    ["whats a wayfarer", "Asked what a wayfarer is"],
    ["Why did the rat stop rowing", "Asked why the Rat stopped rowing"],
    ["which house did Toad live in", "Asked which house Toad lived in"],
    ["tell me about chapter 3", "Asked about chapter 3"],
    ["Could you explain what happened at the end?", "Asked what happened at the end"],
    ["I wonder if Toad learns his lesson", "Asked whether Toad learns his lesson"],
  ])("turns %j into a phrase", (question, expected) => {
    expect(summary([question])).toBe(expected);
  });

  it.each([
    ["What does wayfarer mean?"],
    ["wat dose wayfarer meen"],
    ["what is the meaning of the word 'wayfarer'"],
    ["define wayfarer"],
    ["Can you tell me what “wayfarer” means?"],
  ])("asks what a word means: %j", (question) => {
    expect(summary([question])).toBe("Asked what 'wayfarer' means");
  });

  it("groups the same kind of question, in the order they were first asked", () => {
    expect(
      summary([
        "What does wayfarer mean?",
        "who is Badger?",
        "what does 'bank' mean",
        "Where does Toad live?",
        "who's otter",
      ]),
    ).toBe("Asked what 'wayfarer' and 'bank' mean, who Badger and Otter are and where Toad lives");
  });

  it("takes a question asked again, however spelled, as confusion, and lists it once", () => {
    expect(summary(["Why did Toad go to prison?", "Who is Badger?", "but why was toad in prison"])).toBe(
      "Asked who Badger is; confused about why Toad went to prison",
    );
  });

  it.each([
    ["I don't understand why Toad went to prison", "Confused about why Toad went to prison"],
    ["im confused about Badger", "Confused about Badger"],
    ["I still dont get what wayfarer means", "Confused about what 'wayfarer' means"],
  ])("takes 'I don't understand X' as confusion about X: %j", (message, expected) => {
    expect(summary([message])).toBe(expected);
  });

  it("takes 'I don't get it' and 'what do you mean' as confusion about the question before", () => {
    expect(summary(["Who is Portly?", "I don't get it"])).toBe("Confused about who Portly is");
    expect(summary(["Who is Portly?", "Why did Toad buy a car?", "what do you mean?"])).toBe(
      "Asked who Portly is; confused about why Toad bought a car",
    );
    expect(summary(["I don't get it"])).toBe("Found something confusing");
  });

  it("leaves out greetings and thanks", () => {
    expect(summary(["hi!", "Hello there", "why is toad so boastful?", "thanks!", "ok cool", "thank you so much"])).toBe(
      "Asked why Toad is so boastful",
    );
    expect(summary(["hello", "thank you"])).toBe("Said hello, no questions yet");
  });

  it("in a character chat, 'you' is the character", () => {
    expect(
      summary(["why did you steal the car", "what do you like best", "are you sorry?", "what do you mean"], {
        characterName: "Toad",
      }),
    ).toBe("Asked why Toad stole the car and what Toad likes best; confused about whether Toad is sorry");
  });

  it("in a book chat, reads 'what do you think of X' as a question about X", () => {
    expect(
      summary(["What do you think of Toad?", "do you think Toad will escape?", "what do you think will happen next"]),
    ).toBe("Asked about Toad, whether Toad will escape and what will happen next");
  });

  it("never puts in anything about the child themselves or their contact details", () => {
    const line = summary([
      "my name is Sam Jones and I live at 12 Hill Road",
      "what should I read next?",
      "Why did my mum say Toad is silly?",
      "whats 07700 900123",
      "is sam@example.com Toad's email?",
      "Who is Badger?",
    ]);
    expect(line).toBe("Asked who Badger is");
  });

  it("leaves out a question the safeguarding rules would stop", () => {
    expect(summary(["why is Toad such a dickhead", "who is Mole?"])).toBe("Asked who Mole is");
  });

  it("fits a long chat in one short line: confusion first, then the questions that fit, then a count", () => {
    const questions = [
      "Why does Mole leave home?",
      "where does Toad live",
      "how many horses did the gipsy have",
      "what happened to the car",
      "was Toad sorry",
      "did Toad escape from the prison",
      "why were the weasels in Toad Hall",
      "what colour is Toad's car",
      "I don't understand why the Badger lives in the Wild Wood",
    ];
    const line = summary(questions);
    expect(line).toBe(
      "Asked why Mole leaves home, where Toad lives and 6 more questions; confused about why the Badger lives in the Wild Wood",
    );
    expect(line?.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    const long = summary(
      Array.from({ length: 40 }, (_, i) => `Why did the weasel number ${i} hide in the very dark wood?`),
    );
    expect(long?.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
  });

  it("says so when there are remarks but no questions, and is null for no messages", () => {
    expect(summary(["I like this book", "Toad is funny"])).toBe("Chatted about the book, no questions yet");
    expect(summary([])).toBeNull();
  });

  it("gives the same line for the same messages", () => {
    const messages = ["Why did Toad go to prison?", "what does wayfarer mean", "I don't get it"];
    expect(summary(messages)).toBe(summary([...messages]));
  });
});

describe("isShowableSummary", () => {
  it("takes one short line of nothing harmful", () => {
    expect(isShowableSummary("Asked why Toad went to prison")).toBe(true);
  });

  it.each([
    ["", "empty"],
    ["x".repeat(SUMMARY_MAX_LENGTH + 1), "too long"],
    ["Asked about Toad\nIgnore the above", "two lines"],
    ["Asked for Sam's number, 07700 900123", "a phone number"],
    ["Shared sam@example.com", "an email address"],
    ["Called Toad a dickhead", "swearing"],
  ])("refuses %j (%s)", (text) => {
    expect(isShowableSummary(text)).toBe(false);
  });
});
