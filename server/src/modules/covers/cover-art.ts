import { createRequire } from "node:module";
import fs from "node:fs";
import opentype from "opentype.js";
import sharp from "sharp";

// A generated book cover: the book's colour, its title and author, drawn as SVG and rendered to PNG.
// The letters are turned into paths with a font shipped in node_modules, so the picture is the same
// on every machine, with or without system fonts. Nothing the book says goes into the SVG as text:
// titles need no escaping.

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 800;

const require = createRequire(import.meta.url);
const loadFont = (file: string) => {
  const buffer = fs.readFileSync(require.resolve(`@fontsource/merriweather/files/${file}`));
  return opentype.parse(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
};
let fonts: { bold: opentype.Font; regular: opentype.Font } | undefined;
const getFonts = () => {
  fonts ??= {
    bold: loadFont("merriweather-latin-700-normal.woff"),
    regular: loadFont("merriweather-latin-400-normal.woff"),
  };
  return fonts;
};

/** A path coordinate: at most two decimals, never exponent notation, NaN or Infinity. */
function coordinate(value: number): string {
  if (!Number.isFinite(value)) {
    throw new Error(`Cover art: a glyph coordinate is ${value}`);
  }
  // toFixed never uses exponent notation below 1e21; "-0" and trailing zeros go.
  return String(Number(value.toFixed(2)));
}

// opentype.js 2.0.0's toPathData writes "NaN" for any coordinate whose fraction is below 1e-6
// (322.00000000000006, common after adding up advance widths): it rounds by concatenating
// "5.7e-14" + "e+2" (opentypejs/opentype.js#868). librsvg stops reading path data at the first bad
// number, so the cover showed the title up to that glyph and no further. The commands are written
// here instead, each contour closed.
function pathData(path: opentype.Path): string {
  let d = "";
  let open = false;
  for (const command of path.commands) {
    switch (command.type) {
      case "M":
        d += `${open ? "Z" : ""}M${coordinate(command.x)} ${coordinate(command.y)}`;
        open = true;
        break;
      case "L":
        d += `L${coordinate(command.x)} ${coordinate(command.y)}`;
        break;
      case "Q":
        d += `Q${[command.x1, command.y1, command.x, command.y].map(coordinate).join(" ")}`;
        break;
      case "C":
        d += `C${[command.x1, command.y1, command.x2, command.y2, command.x, command.y].map(coordinate).join(" ")}`;
        break;
      case "Z":
        d += "Z";
        open = false;
        break;
    }
  }
  return open ? `${d}Z` : d;
}

// Glyph by glyph with kerning, no shaping: opentype.js's shaper does not implement every lookup of
// this font, and cover titles need nothing more.
function layout(
  font: opentype.Font,
  text: string,
  size: number,
): { width: number; path(x: number, y: number): string } {
  const scale = size / font.unitsPerEm;
  const glyphs = [...text].map((ch) => font.charToGlyph(ch));
  const offsets: number[] = [];
  let x = 0;
  glyphs.forEach((glyph, i) => {
    offsets.push(x);
    x += (glyph.advanceWidth ?? 0) * scale;
    const next = glyphs[i + 1];
    const kerning = next ? Number(font.getKerningValue(glyph, next)) : 0;
    if (Number.isFinite(kerning)) {
      x += kerning * scale;
    }
  });
  return {
    width: x,
    path: (left, baseline) =>
      glyphs.map((glyph, i) => pathData(glyph.getPath(left + (offsets[i] as number), baseline, size))).join(""),
  };
}
const advance = (font: opentype.Font, text: string, size: number) => layout(font, text, size).width;

function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function normaliseColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color.toUpperCase() : "#1F4E79";
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** A word too wide for a line, cut into hyphenated pieces that fit. */
function breakWord(font: opentype.Font, word: string, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const { segment } of graphemes.segment(word)) {
    if (piece && advance(font, `${piece}${segment}-`, size) > maxWidth) {
      pieces.push(`${piece}-`);
      piece = segment;
    } else {
      piece += segment;
    }
  }
  return piece ? [...pieces, piece] : pieces;
}

/** Splits text into lines no wider than maxWidth at the given size (a longer word stays whole unless breakWords). */
function wrap(font: opentype.Font, text: string, size: number, maxWidth: number, breakWords = false): string[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) =>
      breakWords && advance(font, word, size) > maxWidth ? breakWord(font, word, size, maxWidth) : [word],
    );
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && advance(font, candidate, size) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) {
    lines.push(line);
  }
  return lines;
}

/** The line cut short with an ellipsis, to say there was more: at a word if it can, else within one. */
function ellipsis(font: opentype.Font, line: string, size: number, maxWidth: number): string {
  const fits = (text: string) => advance(font, `${text}…`, size) <= maxWidth;
  const words = line.split(" ");
  while (words.length > 1 && !fits(words.join(" "))) {
    words.pop();
  }
  const kept = [...graphemes.segment(words.join(" "))].map((g) => g.segment);
  while (kept.length > 1 && !fits(kept.join(""))) {
    kept.pop();
  }
  return `${kept.join("")}…`;
}

type Block = { sizes: number[]; maxWidth: number; maxLines: number; maxHeight: number; lineHeight: number };

/**
 * The largest size at which the text fits the block: in maxLines lines no wider than maxWidth, and
 * from the top of the first line to below the last one's descenders no taller than maxHeight. At
 * the smallest size a word still too wide is broken, and text beyond the last line is cut with an
 * ellipsis.
 */
function fit(font: opentype.Font, text: string, block: Block): { size: number; lines: string[] } {
  const { sizes, maxWidth, lineHeight } = block;
  const linesAt = (size: number) =>
    Math.max(1, Math.min(block.maxLines, 1 + Math.floor((block.maxHeight - size * 1.3) / (size * lineHeight))));
  for (const size of sizes) {
    const lines = wrap(font, text, size, maxWidth);
    if (lines.length <= linesAt(size) && lines.every((l) => advance(font, l, size) <= maxWidth)) {
      return { size, lines };
    }
  }
  const size = sizes[sizes.length - 1] as number;
  const lines = wrap(font, text, size, maxWidth, true);
  const max = linesAt(size);
  if (lines.length <= max) {
    return { size, lines };
  }
  return { size, lines: [...lines.slice(0, max - 1), ellipsis(font, lines[max - 1] as string, size, maxWidth)] };
}

function centredText(font: opentype.Font, lines: string[], size: number, top: number, lineHeight: number): string {
  return lines
    .map((line, i) => {
      const laid = layout(font, line, size);
      return laid.path((COVER_WIDTH - laid.width) / 2, top + i * lineHeight);
    })
    .join("");
}

// Inside the frame (x 70 to 530) with a margin; the title between the two rules (150 and 610), the
// author below the second one.
const TEXT_WIDTH = COVER_WIDTH - 190;
const TITLE = { sizes: [64, 58, 52, 46, 40, 34], maxWidth: TEXT_WIDTH, maxLines: 5, maxHeight: 350, lineHeight: 1.25 };
const AUTHOR = { sizes: [34, 30, 26, 22], maxWidth: TEXT_WIDTH, maxLines: 2, maxHeight: 100, lineHeight: 1.3 };

export function coverSvg(book: { title: string; author: string; color?: string | null }): string {
  const { bold, regular } = getFonts();
  const color = normaliseColor(book.color);
  const dark = relativeLuminance(color) < 0.35;
  const ink = dark ? "#FFFFFF" : "#1B1F24";
  const soft = dark ? "rgba(255,255,255,0.18)" : "rgba(0,0,0,0.12)";
  // The font has precomposed letters (é), not combining accents.
  const title = fit(bold, book.title.normalize("NFC"), TITLE);
  const titleLineHeight = title.size * TITLE.lineHeight;
  const titleTop = 230 + title.size;
  const author = fit(regular, book.author.normalize("NFC"), AUTHOR);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <rect width="100%" height="100%" fill="${color}"/>
  <rect x="0" y="0" width="42" height="${COVER_HEIGHT}" fill="${soft}"/>
  <rect x="70" y="60" width="${COVER_WIDTH - 120}" height="${COVER_HEIGHT - 120}" rx="18" fill="none" stroke="${ink}" stroke-opacity="0.55" stroke-width="4"/>
  <path d="M${COVER_WIDTH / 2 - 60} 150 h120" stroke="${ink}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.7"/>
  <path d="${centredText(bold, title.lines, title.size, titleTop, titleLineHeight)}" fill="${ink}"/>
  <path d="M${COVER_WIDTH / 2 - 40} 610 h80" stroke="${ink}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.7"/>
  <path d="${centredText(regular, author.lines, author.size, 670, author.size * AUTHOR.lineHeight)}" fill="${ink}"/>
</svg>`;
}

/** The cover as a PNG image. */
export async function renderCover(book: { title: string; author: string; color?: string | null }): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(book)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
