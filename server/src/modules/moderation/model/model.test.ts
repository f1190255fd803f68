import { describe, expect, it } from "vitest";
import { extractFeatures, normaliseForModel } from "./features.js";
import { LinearModel } from "./linear-model.js";
import { assignFolds, CLASSES, type CorpusEntry, loadCorpus, trainModerationModel } from "./train.js";

// Layer 2: the learned model. The figures that matter (recall, benign flagged) are measured by
// `npm run train:moderation` (held-out split) and `npm run bench -- eval` (every set), not asserted here.

describe("features", () => {
  it("reads leetspeak, stretched letters and punctuation the same as plain words", () => {
    expect(normaliseForModel("K1ll urs3lf!!!")).toBe("kill urself");
    expect(normaliseForModel("sooooo   baaad")).toBe("soo baad");
    expect(normaliseForModel("Don't")).toBe("dont");
    expect(normaliseForModel("Chapter 12, page 45")).toBe("chapter 12 page 45");
    expect(normaliseForModel("élan café")).toBe("elan cafe");
  });

  it("has words, word pairs and character n-grams across the spaces", () => {
    const features = extractFeatures("kill urself");
    expect(features).toContain("w:kill");
    expect(features).toContain("b:kill urself");
    expect(features).toContain("c:l u");
    expect(extractFeatures("")).toEqual(["empty"]);
  });
});

describe("the corpus", () => {
  const corpus = loadCorpus();

  it("is at least 6,000 labelled messages with 2,500 hard negatives, every category well covered", () => {
    expect(corpus.entries.length).toBeGreaterThanOrEqual(6_000);
    expect(corpus.entries.filter((entry) => entry.hard).length).toBeGreaterThanOrEqual(2_500);
    for (const label of CLASSES) {
      expect(corpus.entries.filter((entry) => entry.label === label).length, label).toBeGreaterThanOrEqual(100);
    }
    const texts = corpus.entries.map((entry) => `${(entry.context ?? []).join("|")}|${entry.text.toLowerCase()}`);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it("shares each label out evenly over the cross-validation's folds", () => {
    const folds = assignFolds(corpus.entries, 5);
    for (const label of CLASSES) {
      const sizes = [0, 1, 2, 3, 4].map(
        (fold) => corpus.entries.filter((entry, i) => entry.label === label && folds[i] === fold).length,
      );
      expect(Math.max(...sizes) - Math.min(...sizes), label).toBeLessThanOrEqual(1);
    }
  });

  it("is what the committed model was trained on (run npm run train:moderation after changing it)", () => {
    expect(LinearModel.load().file.corpusSha256).toBe(corpus.sha256);
  });
});

describe("training", () => {
  // A small corpus, so the test is quick; the real one trains the same way.
  const entries: CorpusEntry[] = [];
  const add = (label: CorpusEntry["label"], texts: string[]) => texts.forEach((text) => entries.push({ text, label }));
  for (let i = 0; i < 10; i += 1) {
    add("benign", [`why does toad like cars so much ${i}`, `what happens in chapter ${i}`, `i loved this book ${i}`]);
    add("bullying_hate", [`you are so stupid ${i}`, `shut up you ugly loser ${i}`]);
    add("risk_self_harm", [`i want to kill myself ${i}`, `i keep cutting myself ${i}`]);
  }
  const corpus = { entries, sha256: "test", files: [] };
  const train = () => trainModerationModel(corpus, { folds: 3 });

  it("is deterministic: the same corpus gives the same model, byte for byte", () => {
    expect(JSON.stringify(train())).toBe(JSON.stringify(train()));
  });

  it("learns the categories it was shown", () => {
    const model = new LinearModel(train());
    expect(model.judge("you are so stupid").category).toBe("bullying_hate");
    expect(model.judge("i want to kill myself").category).toBe("risk_self_harm");
    expect(model.judge("what happens in chapter 3").band).toBe("clear");
  });
});

describe("the committed model", () => {
  const model = LinearModel.load();

  it("scores the student's earlier messages with the new one, when the new one adds to them", () => {
    const context = ["theres this man on roblox who gives me robux", "he wants me to send pics of me"];
    const alone = model.judge("he said its our secret and not to tell my mum");
    const joined = model.judgeInContext("he said its our secret and not to tell my mum", context);
    expect(joined.band).toBe("flag");
    expect(joined.category).toBe("risk_grooming");
    expect(joined.viaContext || alone.category === "risk_grooming").toBe(true);
    // A book question after an earlier disclosure is judged as itself.
    expect(model.judgeInContext("what happens in chapter 3", ["my dad hits me every night"]).band).toBe("clear");
  });

  it("refuses a model file of another format", () => {
    expect(() => new LinearModel({ ...model.file, format: 2 as 1 })).toThrow(/train:moderation/);
  });
});
