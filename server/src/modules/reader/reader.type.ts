import { Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";

// The reader's GraphQL shapes. The settings are enums, so a client cannot store anything else.

export const ReaderLineSpacing = { normal: "normal", relaxed: "relaxed", loose: "loose" } as const;
export const ReaderTheme = { light: "light", sepia: "sepia", dark: "dark" } as const;
export const ReaderFont = { serif: "serif", sans: "sans", dyslexic: "dyslexic" } as const;
registerEnumType(ReaderLineSpacing, { name: "ReaderLineSpacing" });
registerEnumType(ReaderTheme, { name: "ReaderTheme" });
registerEnumType(ReaderFont, { name: "ReaderFont", description: "dyslexic: OpenDyslexic, a dyslexia-friendly font" });

@ObjectType({ description: "A chapter of the reader's table of contents" })
export class ReaderChapter {
  @Field(() => Int)
  index!: number;

  @Field(() => String)
  title!: string;

  @Field(() => Int)
  paragraphCount!: number;

  @Field(() => Int)
  characters!: number;

  @Field(() => [Int], { description: "The first paragraph of each part (readerPart's `part` indexes this)" })
  partStarts!: number[];
}

@ObjectType({ description: "A place in the book: the first paragraph of the page and the character in it" })
export class ReaderPlace {
  @Field(() => Int)
  chapter!: number;

  @Field(() => Int)
  paragraph!: number;

  @Field(() => Int)
  offset!: number;
}

@ObjectType({ description: "The furthest paragraph the student has had on screen" })
export class ReaderPoint {
  @Field(() => Int)
  chapter!: number;

  @Field(() => Int)
  paragraph!: number;
}

@ObjectType()
export class ReaderPrefs {
  @Field(() => Int, { description: "Pixels: 16, 18, 20, 22, 24, 28 or 32" })
  textSize!: number;

  @Field(() => ReaderLineSpacing)
  lineSpacing!: keyof typeof ReaderLineSpacing;

  @Field(() => ReaderTheme)
  theme!: keyof typeof ReaderTheme;

  @Field(() => ReaderFont)
  font!: keyof typeof ReaderFont;
}

@ObjectType({ description: "Everything the reader needs but the text itself" })
export class BookReader {
  @Field(() => ID)
  bookId!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  author!: string;

  @Field(() => Int, { description: "Characters of text in the whole book" })
  characters!: number;

  @Field(() => [ReaderChapter])
  chapters!: ReaderChapter[];

  @Field(() => ReaderPlace, { nullable: true, description: "Where the student stopped; null before they start" })
  place!: ReaderPlace | null;

  @Field(() => ReaderPoint, { nullable: true })
  furthest!: ReaderPoint | null;

  @Field(() => Boolean)
  read!: boolean;

  @Field(() => Int, { description: "Minutes (the spec's readingTime)" })
  readingTime!: number;

  @Field(() => ReaderPrefs)
  prefs!: ReaderPrefs;
}

@ObjectType({ description: "One part of a chapter's text" })
export class ReaderPart {
  @Field(() => Int)
  chapter!: number;

  @Field(() => Int)
  part!: number;

  @Field(() => Int)
  firstParagraph!: number;

  @Field(() => [String])
  paragraphs!: string[];
}

@ObjectType()
export class ReadingProgress {
  @Field(() => ID)
  bookId!: string;

  @Field(() => ReaderPlace, { nullable: true })
  place!: ReaderPlace | null;

  @Field(() => ReaderPoint, { nullable: true })
  furthest!: ReaderPoint | null;

  @Field(() => Boolean)
  read!: boolean;

  @Field(() => Int, { description: "Minutes" })
  readingTime!: number;

  @Field(() => Int)
  readingSeconds!: number;
}

@InputType({ description: "The reader's place, what the page showed, and the active reading since the last save" })
export class ReadingProgressInput {
  @Field(() => ID)
  bookId!: string;

  @Field(() => Int)
  chapter!: number;

  @Field(() => Int)
  paragraph!: number;

  @Field(() => Int, { nullable: true })
  offset?: number | null;

  @Field(() => Int, { description: "The page's last paragraph (its chapter)" })
  seenChapter!: number;

  @Field(() => Int)
  seenParagraph!: number;

  @Field(() => Int, { description: "Seconds of active reading since the last save (at most 300)" })
  activeSeconds!: number;
}

@InputType({ description: "Any of the reader's settings; the others keep their values" })
export class ReaderPrefsInput {
  @Field(() => Int, { nullable: true })
  textSize?: number | null;

  @Field(() => ReaderLineSpacing, { nullable: true })
  lineSpacing?: keyof typeof ReaderLineSpacing | null;

  @Field(() => ReaderTheme, { nullable: true })
  theme?: keyof typeof ReaderTheme | null;

  @Field(() => ReaderFont, { nullable: true })
  font?: keyof typeof ReaderFont | null;
}
