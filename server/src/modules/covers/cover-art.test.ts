import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COVER_ART_VERSION, readCatalogue } from "../../db/seed-catalogue.js";
import { COVER_HEIGHT, COVER_WIDTH, coverSvg, renderCover } from "./cover-art.js";

// Generated covers are read back the way a person reads them: rendered to PNG and put through OCR
// (Debian's tesseract-ocr, which CI installs). Half the seed covers once showed their title cut off
// mid-word ('The Se' for The Secret Garden) while every test passed.

const execFileAsync = promisify(execFile);
const TESSERACT_MISSING =
  "tesseract is not installed: these tests read the covers back with OCR. Install it with `apt-get install -y tesseract-ocr`.";

type Book = { title: string; author: string; color: string };

// Inside the frame (x 70 to 530, y 60 to 740, 4 px stroke); the title between the rules at y 150
// and 610, the author below the second one.
const FRAME_INSIDE = { left: 72, right: 528, top: 62, bottom: 738 };
const TITLE_AREA = { top: 152, bottom: 608 };
const AUTHOR_AREA = { top: 612, bottom: FRAME_INSIDE.bottom };

/** Lower case, without accents, apostrophes or hyphens that end a line (a broken word is one word). */
function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/-\s*\n\s*/g, "")
    .replace(/['’‘]/g, "")
    .toLowerCase();
}

// OCR misreads or merges words of one or two letters ("of a" read as "ofa"); longer ones are read
// reliably, and every cut-off cover loses at least one of them.
const wordsToRead = (text: string) =>
  normalise(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3);

/** The words of `expected` that are not among the words read. */
function missingWords(expected: string, read: string): string[] {
  const words = new Set(normalise(read).split(/[^a-z0-9]+/));
  return wordsToRead(expected).filter((word) => !words.has(word));
}

type Pixels = { data: Buffer; width: number; height: number };
const pixels = async (png: Buffer): Promise<Pixels> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** How far each pixel of `cover` is from the same pixel of `blank` (the same cover without text). */
function inkDistance(cover: Pixels, blank: Pixels): Float64Array {
  const distance = new Float64Array(cover.width * cover.height);
  for (let i = 0; i < distance.length; i += 1) {
    let sum = 0;
    for (let c = 3 * i; c < 3 * i + 3; c += 1) {
      sum += ((cover.data[c] as number) - (blank.data[c] as number)) ** 2;
    }
    distance[i] = Math.sqrt(sum);
  }
  return distance;
}

/** The box around everything the text drew (null when it drew nothing). */
function inkBox(cover: Pixels, blank: Pixels) {
  const distance = inkDistance(cover, blank);
  let box: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let i = 0; i < distance.length; i += 1) {
    if ((distance[i] as number) > 16) {
      const x = i % cover.width;
      const y = Math.floor(i / cover.width);
      box = box
        ? {
            left: Math.min(box.left, x),
            right: Math.max(box.right, x),
            top: Math.min(box.top, y),
            bottom: Math.max(box.bottom, y),
          }
        : { left: x, right: x, top: y, bottom: y };
    }
  }
  return box;
}

/** Only the letters, black on white: the colour, frame and rules (in the blank cover too) drop out. */
async function lettersOnly(cover: Pixels, blank: Pixels): Promise<Buffer> {
  const distance = inkDistance(cover, blank);
  const strongest = distance.reduce((max, d) => Math.max(max, d), 0);
  const out = Buffer.alloc(distance.length, 255);
  distance.forEach((d, i) => {
    if (d > strongest * 0.5) {
      out[i] = 0;
    }
  });
  return sharp(out, { raw: { width: cover.width, height: cover.height, channels: 1 } })
    .png()
    .toBuffer();
}

let workDir: string;

// Checked once, by the OCR tests only: without tesseract they fail (CI installs it), never skip.
let tesseractFound: Promise<void> | undefined;
const requireTesseract = () =>
  (tesseractFound ??= execFileAsync("tesseract", ["--version"]).then(
    () => undefined,
    () => {
      throw new Error(TESSERACT_MISSING);
    },
  ));

/** The text tesseract reads on a cover. */
async function readCover(book: Book): Promise<string> {
  await requireTesseract();
  const [cover, blank] = await Promise.all([
    renderCover(book).then(pixels),
    renderCover({ title: "", author: "", color: book.color }).then(pixels),
  ]);
  const file = path.join(workDir, `${randomUUID()}.png`);
  await fs.writeFile(file, await lettersOnly(cover, blank));
  // One thread per tesseract: several run at once.
  const { stdout } = await execFileAsync("tesseract", [file, "stdout", "--psm", "3"], {
    env: { ...process.env, OMP_THREAD_LIMIT: "1" },
  });
  return stdout;
}

/** fn over items, at most `limit` at a time, results in order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
const OCR_CONCURRENCY = Math.max(1, Math.min(4, os.availableParallelism()));

const seedBooks: (Book & { slug: string })[] = readCatalogue().map((entry) => ({
  slug: entry.slug,
  title: entry.title,
  author: entry.author,
  color: entry.coverColor,
}));

const LONG_TITLE = (
  "The Long and Winding Story of a Very Patient Tortoise Who Walked All the Way from Hampstead " +
  "Heath to the Seaside at Brighton and Back Again Without Once Stopping for Tea or Cake or a Nap"
).padEnd(200, "!");

// Titles a renderer gets wrong: words wider than a line, accents, characters that need escaping
// in XML, many lines, a single letter, and far more text than the cover holds.
const hostileBooks: (Book & { name: string; read: string[]; cut?: true })[] = [
  {
    name: "very long words",
    title: "Supercalifragilisticexpialidocious Antidisestablishmentarianism",
    author: "Mary Poppins",
    color: "#1F4E79",
    read: ["supercalifragilisticexpialidocious", "antidisestablishmentarianism", "poppins"],
  },
  {
    name: "accents",
    title: "Émile et les Détectives",
    author: "Erich Kästner",
    color: "#F2C14E",
    read: ["emile", "les", "detectives", "kastner"],
  },
  {
    name: "an apostrophe and accents (decomposed)",
    title: "Zoë's Café".normalize("NFD"),
    author: "Anonymous",
    color: "#8E6C8A",
    read: ["zoes", "cafe", "anonymous"],
  },
  {
    name: "quotes, an ampersand and angle brackets",
    title: '"Quotes" & <Angles>',
    author: "Tom & Jerry's <Press>",
    color: "#2E2A28",
    read: ["quotes", "angles", "tom", "jerrys", "press"],
  },
  {
    // Five lines at the largest size once ran into the rule above the author.
    name: "many short words",
    title: "The Cat and the Dog and the Pig and the Hen and the Fox",
    author: "Farmer Giles",
    color: "#7BA05B",
    read: ["the", "cat", "and", "dog", "pig", "hen", "fox", "giles"],
  },
  { name: "one letter", title: "A", author: "B", color: "#C4572E", read: [] },
  {
    name: "200 characters",
    title: LONG_TITLE,
    author: "Maximilian Alexander Bartholomew Fitzgerald-Montgomery of Little Snoring in the County of Norfolk",
    color: "#3A7D7C",
    read: ["long", "winding", "story", "very", "patient", "tortoise", "walked", "maximilian"],
    cut: true,
  },
];

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "rr-cover-ocr-"));
});
afterAll(async () => {
  if (workDir) {
    await fs.rm(workDir, { recursive: true, force: true });
  }
});

describe("cover art", () => {
  it("path data holds plain numbers only (no NaN, exponent or Infinity, which stop librsvg)", () => {
    for (const book of [...seedBooks, ...hostileBooks]) {
      const tokens = [...coverSvg(book).matchAll(/ d="([^"]*)"/g)].flatMap((m) =>
        (m[1] as string).split(/([MLQCZhv])|\s+/),
      );
      const bad = tokens.filter((token) => token && !/^(?:[MLQCZhv]|-?\d+(?:\.\d+)?)$/.test(token));
      expect(bad, book.title).toEqual([]);
    }
  });

  it("every seed cover reads back, by OCR, every title word and the author's names", { timeout: 120_000 }, async () => {
    const read = await mapLimit(seedBooks, OCR_CONCURRENCY, readCover);
    const missing = Object.fromEntries(
      seedBooks.flatMap((book, i) => {
        const text = read[i] as string;
        const words = [...missingWords(book.title, text), ...missingWords(book.author, text)];
        return words.length ? [[book.slug, { missing: words, read: text.replace(/\s+/g, " ").trim() }]] : [];
      }),
    );
    expect(missing).toEqual({});
  });

  describe.each(hostileBooks)("a title with $name", (book) => {
    it("renders a 600x800 PNG whose text stays inside the frame and its area", async () => {
      const [png, titleOnly, authorOnly, blank] = await Promise.all([
        renderCover(book),
        renderCover({ ...book, author: "" }),
        renderCover({ ...book, title: "" }),
        renderCover({ title: "", author: "", color: book.color }),
      ]);
      const metadata = await sharp(png).metadata();
      expect(metadata).toMatchObject({ format: "png", width: COVER_WIDTH, height: COVER_HEIGHT });

      const blankPixels = await pixels(blank);
      const all = inkBox(await pixels(png), blankPixels);
      const title = inkBox(await pixels(titleOnly), blankPixels);
      const author = inkBox(await pixels(authorOnly), blankPixels);
      expect(title, "the title draws something").not.toBeNull();
      expect(author, "the author draws something").not.toBeNull();
      expect(all?.left).toBeGreaterThanOrEqual(FRAME_INSIDE.left);
      expect(all?.right).toBeLessThanOrEqual(FRAME_INSIDE.right);
      expect(title?.top).toBeGreaterThanOrEqual(TITLE_AREA.top);
      expect(title?.bottom).toBeLessThanOrEqual(TITLE_AREA.bottom);
      expect(author?.top).toBeGreaterThanOrEqual(AUTHOR_AREA.top);
      expect(author?.bottom).toBeLessThanOrEqual(AUTHOR_AREA.bottom);
    });

    // A letter alone is too little for OCR: that cover is checked above only.
    if (book.read.length === 0) {
      return;
    }
    it("reads back its words by OCR", { timeout: 60_000 }, async () => {
      const text = await readCover(book);
      const words = new Set(normalise(text).split(/[^a-z0-9]+/));
      expect(
        book.read.filter((word) => !words.has(word)),
        text,
      ).toEqual([]);
      if (book.cut) {
        // What does not fit ends in an ellipsis, read as "…" or "...".
        expect(text).toMatch(/…|\.\.\./);
      }
    });
  });

  // The seed redraws its covers only when COVER_ART_VERSION changes (seed-catalogue.ts): a new
  // drawing with the old number would leave existing databases with the old covers.
  it("the seed covers' drawing matches COVER_ART_VERSION", () => {
    const drawing = createHash("sha256")
      .update(seedBooks.map((book) => coverSvg(book)).join("\n"))
      .digest("hex");
    expect(
      { version: COVER_ART_VERSION, drawing },
      "cover-art.ts draws the seed covers differently: bump COVER_ART_VERSION in server/src/db/seed-catalogue.ts and record the new drawing hash here",
    ).toEqual({ version: 2, drawing: "0c444f95844af09bbfbff90fc4377eae022d94904786c7ba5b3a362d9bad6605" });
  });
});
