// 'Ask about this page': a question sent from the reader carries the page on the student's screen.
// This module finds the page's passages, tells whether a question is about the page ("What is
// happening here?", "Who is she?") or about something the question names elsewhere in the book ("Why
// did Mole leave home?"), and gives both providers the page's own text to answer from.

import { focusPassageIndex, processTerm, textTerms, tokenize } from "./passages.js";
import type { AiBook, AiPage, Passage, RetrievedPassage } from "./provider.js";

/** The page as the reader sends it: a chapter (a section of splitSections) and its paragraphs on screen. */
export type ReaderPage = { chapter: number; paragraph: number; lastParagraph: number };

/**
 * The book as seen from one page: the page's passages weigh more in every search, and `page` holds
 * them. Only passages the view allows (the student's reading) count: a page past the student's place
 * leaves the book as it was.
 */
export function focusBookOnPage(book: AiBook, page: ReaderPage): AiBook {
  const onPage = book.passages.passages.filter(
    ({ place }) =>
      place.section === page.chapter &&
      place.lastParagraph >= page.paragraph &&
      place.firstParagraph <= page.lastParagraph,
  );
  if (onPage.length === 0) {
    // Past the student's place (or not in this version of the text): the question goes as usual.
    return book;
  }
  return {
    ...book,
    passages: focusPassageIndex(
      book.passages,
      onPage.map((passage) => passage.index),
    ),
    page: {
      chapterTitle: onPage[0]?.chapter ?? null,
      place: { section: page.chapter, paragraph: page.paragraph, lastParagraph: page.lastParagraph },
      passages: onPage,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Is the question about the page?

/** Words that point at the page ("this part", "here") rather than at something in the book. */
const PAGE_REFERENCE =
  /\b(?:this|that|these|those)\s+(?:pages?|parts?|bits?|paragraphs?|passages?|sentences?|scenes?|lines?|chapter|words?|moment)\b|\b(?:on|of|in)\s+(?:the|my)\s+(?:page|screen)\b|\bhere\b|\bright now\b|\bjust (?:happened|said)\b/i;

/** A question or a request for help, as opposed to a remark ("ok", "cool"). */
const ASKS =
  /\?\s*$|^\s*(?:what|what's|whats|who|who's|whom|whose|why|how|where|when|which|explain|describe|summari[sz]e|tell|help|can you|could you|i (?:don'?t|do not|can'?t) (?:get|understand))\b/i;

/** "Why is she crying?": someone the question does not name, so someone on the page. */
const PRONOUN = /\b(?:he|she|they|him|her|them|his|hers|their)\b/i;

// Words of a question about the page that say nothing about what to look for in the book: the page
// itself, "what is happening", "who is talking", "explain this bit" ("what", "this", "explain" and the
// like are stop words already).
const PAGE_TERMS = new Set(
  (
    "page pages part parts bit bits paragraph paragraphs passage passages sentence sentences scene scenes line lines " +
    "chapter word words screen moment now just happening going go goes doing talking talk talks speaking speak " +
    "speaks saying say says said summary summarise summarize understand confusing confused story read reading " +
    "character characters person people someone somebody anyone anybody everyone everybody whats"
  )
    .split(" ")
    .flatMap((word) => processTerm(word) ?? []),
);

export type PageQuestion = {
  /** The question without its words about the page ("Why is she crying"); "" when nothing is left. */
  rest: string;
  /** "Who is on this page?", "Who is talking here?": answered with the people on the page. */
  who: boolean;
  /** "Who is talking?", "What did she say?": answered with someone speaking. */
  speech: boolean;
  /** The question names someone ("What is Toad doing here?"), whom the page may not mention. */
  named: boolean;
};

/** True when the question names one of the book's characters, or a name ("Why did Toad cry?"). */
function namesSomeone(message: string, book: AiBook): boolean {
  const tokens = tokenize(message);
  // A capital after the first word is a name (or "I").
  if (tokens.slice(1).some((token) => /^\p{Lu}/u.test(token) && token !== "I" && processTerm(token) !== null)) {
    return true;
  }
  const words = new Set(textTerms(message));
  return book.characterList.some((name) => {
    const terms = textTerms(name);
    return terms.length > 0 && terms.every((term) => words.has(term));
  });
}

/**
 * How a question sent with a page is to be answered: from the page itself (a PageQuestion) when it
 * points at the page ("this page", "here", "this part"), when it asks without saying about what
 * ("What is happening?", "Who is talking?", "What does this mean?"), or when it asks about "she" or
 * "they" without a name; null when it names what it is about, and the whole book read so far may
 * answer it (the page's passages still weigh more there). Null without a page.
 */
export function readPageQuestion(message: string, book: AiBook): PageQuestion | null {
  if (!book.page || book.page.passages.length === 0) {
    return null;
  }
  const tokens = tokenize(message);
  const rest = tokens
    .filter((token) => {
      const term = processTerm(token);
      return term !== null && !PAGE_TERMS.has(term);
    })
    .join(" ");
  const named = namesSomeone(message, book);
  const refers = PAGE_REFERENCE.test(message);
  const generic = rest === "" && ASKS.test(message);
  const unnamed = PRONOUN.test(message) && !named && ASKS.test(message);
  if (!refers && !generic && !unnamed) {
    return null;
  }
  const who = /^\s*(?:and\s+)?(?:who|who's|whose|which (?:characters?|people|animals?))\b/i.test(message);
  const speech = /\b(?:talk|talking|talks|speak|speaking|speaks|say|saying|says|said)\b/i.test(message);
  return { rest, who, speech, named };
}

// ---------------------------------------------------------------------------------------------
// The page's own text.

/**
 * The page's passages cut to the paragraphs on screen: a passage that starts on the page before or
 * runs on to the next one keeps only what the child sees, and only the paragraphs `keep` accepts.
 * Same indexes as the book's passages.
 */
export function pagePassages(page: AiPage, keep: (paragraph: string) => boolean = () => true): Passage[] {
  const { paragraph: first, lastParagraph: last } = page.place;
  return page.passages.flatMap((passage) => {
    // A passage's paragraphs are separated by blank lines (sectionPassages), its first one being
    // `place.firstParagraph`.
    const kept: { text: string; number: number }[] = [];
    passage.text.split("\n\n").forEach((text, offset) => {
      const number = passage.place.firstParagraph + offset;
      if (number >= first && number <= last && keep(text)) {
        kept.push({ text, number });
      }
    });
    const [start, end] = [kept[0], kept[kept.length - 1]];
    if (!start || !end) {
      return [];
    }
    return [
      {
        ...passage,
        text: kept.map(({ text }) => text).join("\n\n"),
        place: { ...passage.place, firstParagraph: start.number, lastParagraph: end.number },
      },
    ];
  });
}

/**
 * The excerpts that ground a model's answer: the page's passages first when there is a page, then the
 * best matches from the rest of the text the student may see (`limit` of them). A question about the
 * page looks only for what it names besides the page, and gets the passage before the page, which
 * often says who "she" is.
 */
export function excerptsFor(book: AiBook, message: string, limit: number): RetrievedPassage[] {
  const page = book.page;
  if (!page || page.passages.length === 0) {
    return book.passages.search(message, limit);
  }
  const onPage = new Set(page.passages.map((passage) => passage.index));
  const question = readPageQuestion(message, book);
  const others: RetrievedPassage[] = [];
  if (question) {
    const first = Math.min(...onPage);
    const before = book.passages.passages[first - 1];
    if (before && before.chapter === page.chapterTitle) {
      others.push({ ...before, score: 0 });
    }
  }
  const query = question ? question.rest : message;
  if (query !== "") {
    for (const found of book.passages.search(query, limit + onPage.size)) {
      if (!onPage.has(found.index) && !others.some((other) => other.index === found.index)) {
        others.push(found);
      }
    }
  }
  return [...page.passages.map((passage) => ({ ...passage, score: 0 })), ...others.slice(0, limit)];
}
