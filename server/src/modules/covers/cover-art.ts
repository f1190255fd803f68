import { createRequire } from "node:module";
import fs from "node:fs";
import opentype from "opentype.js";
import sharp from "sharp";

// A generated book cover: the book's colour, its title and author, drawn as SVG and rendered to PNG.
// The letters are turned into paths with a font shipped in node_modules, so the picture is the same
// on every machine, with or without system fonts.

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
      glyphs.map((glyph, i) => glyph.getPath(left + (offsets[i] as number), baseline, size).toPathData(2)).join(" "),
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

/** Splits text into lines no wider than maxWidth at the given size. */
function wrap(font: opentype.Font, text: string, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
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

/** The largest size (down to a floor) at which the text fits in maxLines lines. */
function fit(font: opentype.Font, text: string, sizes: number[], maxWidth: number, maxLines: number) {
  for (const size of sizes) {
    const lines = wrap(font, text, size, maxWidth);
    if (lines.length <= maxLines && lines.every((l) => advance(font, l, size) <= maxWidth)) {
      return { size, lines };
    }
  }
  const size = sizes[sizes.length - 1] as number;
  return { size, lines: wrap(font, text, size, maxWidth).slice(0, maxLines) };
}

function centredText(font: opentype.Font, lines: string[], size: number, top: number, lineHeight: number): string {
  return lines
    .map((line, i) => {
      const laid = layout(font, line, size);
      return laid.path((COVER_WIDTH - laid.width) / 2, top + i * lineHeight);
    })
    .join(" ");
}

export function coverSvg(book: { title: string; author: string; color?: string | null }): string {
  const { bold, regular } = getFonts();
  const color = normaliseColor(book.color);
  const dark = relativeLuminance(color) < 0.35;
  const ink = dark ? "#FFFFFF" : "#1B1F24";
  const soft = dark ? "rgba(255,255,255,0.18)" : "rgba(0,0,0,0.12)";
  const title = fit(bold, book.title, [64, 58, 52, 46, 40, 34], COVER_WIDTH - 190, 5);
  const titleLineHeight = title.size * 1.25;
  const titleTop = 230 + title.size;
  const author = fit(regular, book.author, [34, 30, 26, 22], COVER_WIDTH - 190, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
  <rect width="100%" height="100%" fill="${color}"/>
  <rect x="0" y="0" width="42" height="${COVER_HEIGHT}" fill="${soft}"/>
  <rect x="70" y="60" width="${COVER_WIDTH - 120}" height="${COVER_HEIGHT - 120}" rx="18" fill="none" stroke="${ink}" stroke-opacity="0.55" stroke-width="4"/>
  <path d="M${COVER_WIDTH / 2 - 60} 150 h120" stroke="${ink}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.7"/>
  <path d="${centredText(bold, title.lines, title.size, titleTop, titleLineHeight)}" fill="${ink}"/>
  <path d="M${COVER_WIDTH / 2 - 40} 610 h80" stroke="${ink}" stroke-width="3" stroke-linecap="round" stroke-opacity="0.7"/>
  <path d="${centredText(regular, author.lines, author.size, 670, author.size * 1.3)}" fill="${ink}"/>
</svg>`;
}

/** The cover as a PNG image. */
export async function renderCover(book: { title: string; author: string; color?: string | null }): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(book)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
