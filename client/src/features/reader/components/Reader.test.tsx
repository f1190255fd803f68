import { ApolloProvider } from "@apollo/client/react";
import { act, fireEvent, renderHook, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReadingProgressInput } from "../../../gql/graphql";
import { deferred, graphqlError, type Reply, type Resolver } from "../../../test/apollo";
import { buildUser, storeSignedIn } from "../../../test/factories";
import { Probe, renderRoutes } from "../../../test/render";
import { type ProgressPlace, SAVE_EVERY_MS, useReadingProgress } from "../lib/useReadingProgress";
import { buildVoice, FakeSpeechSynthesis, stubSpeechSynthesisUtterance } from "../readAlong/fakeSpeech";
import {
  buildChapter,
  buildChapters,
  buildPlace,
  buildReaderBook,
  buildReaderPrefs,
  createReaderTestClient,
  paragraphTexts,
  partResolver,
  progressReply,
  setBookReadReply,
} from "../testFactories";
import { Reader } from "./Reader";

type Book = ReturnType<typeof buildReaderBook>;

// jsdom lays nothing out, so this stands in for the reader's CSS columns: `paragraphsPerPage`
// paragraphs fill a page (all of a part by default), and page k starts at k × (page width + gap), read
// from the styles the reader sets. A sentence, or a character in it, is where its paragraph is.
let paragraphsPerPage = Number.POSITIVE_INFINITY;
// The end of the book's box has no layout (as if it fitted under the last words), unless a test puts
// it on a page of its own after them.
let endOnItsOwnPage = false;

function fakeRects(element: Element | null): DOMRect[] {
  const paragraph = element?.closest<HTMLElement>("[data-paragraph]");
  const end = element?.closest<HTMLElement>("[data-end]");
  const flow = (paragraph ?? end)?.closest<HTMLElement>('[role="document"]');
  const reader = flow?.closest<HTMLElement>("section");
  if (!flow || !reader || (end && !endOnItsOwnPage)) {
    return [];
  }
  const step =
    parseFloat(flow.style.getPropertyValue("--page-width")) + parseFloat(reader.style.getPropertyValue("--page-gap"));
  if (Number.isNaN(step)) {
    throw new Error("The fake layout found no --page-width and --page-gap");
  }
  const paragraphs = Array.from(flow.querySelectorAll("[data-paragraph]"));
  const index = paragraph ? paragraphs.indexOf(paragraph) : paragraphs.length;
  const page = paragraph ? Math.floor(index / paragraphsPerPage) : Math.ceil(index / paragraphsPerPage);
  return [new DOMRect(page * step, 0, 10, 10)];
}

const asRectList = (rects: DOMRect[]) => rects as unknown as DOMRectList;
const jsdomRangeRects = Object.getOwnPropertyDescriptor(Range.prototype, "getClientRects");

beforeEach(() => {
  paragraphsPerPage = Number.POSITIVE_INFINITY;
  endOnItsOwnPage = false;
  vi.spyOn(Element.prototype, "getClientRects").mockImplementation(function (this: Element) {
    return asRectList(fakeRects(this));
  });
  Range.prototype.getClientRects = function (this: Range) {
    return asRectList(fakeRects(this.startContainer.parentElement));
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (jsdomRangeRects) {
    Object.defineProperty(Range.prototype, "getClientRects", jsdomRangeRects);
  } else {
    delete (Range.prototype as Partial<Range>).getClientRects;
  }
});

function renderReader(book: Book, resolvers: Record<string, Resolver> = {}) {
  const test = createReaderTestClient(book, resolvers);
  const routes = [
    { path: "/books/:bookId/read", element: <Reader reader={book} /> },
    { path: "/books/:bookId/review", element: <Probe name="Review page" /> },
  ];
  const rendered = renderRoutes(routes, { client: test.client, initialEntries: [`/books/${book.bookId}/read`] });
  return { ...test, ...rendered };
}

/** The page on screen, once its part has loaded: named by the chapter title and the page. */
const findPage = (chapterTitle: string, page: number, of: number) =>
  screen.findByRole("document", { name: `${chapterTitle}, page ${page} of ${of}` });
/** The paragraphs of the part on screen. */
const partParagraphs = () =>
  Array.from(screen.getByRole("document").querySelectorAll("[data-paragraph]")).map((p) => p.textContent);
/** 'Page 2 of 3' from the pager. */
const position = () => screen.getByText(/^Page \d+ of \d+/).textContent?.split(" · ")[0];
const nextButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Next page" });
const previousButton = () => screen.getByRole<HTMLButtonElement>("button", { name: "Previous page" });
const readerSection = (book: Book) => screen.getByRole("region", { name: book.title });
/** The chapter's title under the book's in the toolbar. */
const chapterTitle = () => screen.getByRole("heading", { level: 1 }).nextElementSibling?.textContent;

describe("Reader", () => {
  describe("opening", () => {
    it("shows the first part of the first chapter, its title and 'Page 1 of 1'", async () => {
      const book = buildReaderBook({
        chapters: [buildChapter({ index: 0, title: "Chapter One: The Storm", parts: 2 }), buildChapter({ index: 1 })],
      });
      const { callsOf } = renderReader(book);
      await findPage("Chapter One: The Storm", 1, 1);
      expect(partParagraphs()).toEqual(paragraphTexts(0, 0, 3));
      expect(chapterTitle()).toBe("Chapter One: The Storm");
      expect(position()).toBe("Page 1 of 1");
      expect(callsOf("ReaderPart").map((call) => call.variables)).toEqual([
        { bookId: book.bookId, chapter: 0, part: 0 },
      ]);
      expect(previousButton().disabled).toBe(true);
      expect(nextButton().disabled).toBe(false);
    });

    it("opens at the saved place: its chapter, and the part holding its paragraph", async () => {
      const book = buildReaderBook({
        chapters: [buildChapter({ index: 0 }), buildChapter({ index: 1, title: "The Forest", parts: 3, perPart: 4 })],
        place: buildPlace(1, 9),
      });
      const { partsLoaded } = renderReader(book);
      await findPage("The Forest", 1, 1);
      // partStarts [0, 4, 8]: paragraph 9 is in the third part.
      expect(partsLoaded()).toEqual([[1, 2]]);
      expect(partParagraphs()).toEqual(paragraphTexts(1, 8, 12));
      expect(previousButton().disabled).toBe(false);
    });

    it("opens at the page of the part that holds the saved character", async () => {
      paragraphsPerPage = 1;
      const offset = "Chapter 1, paragraph 3. ".length;
      const book = buildReaderBook({
        chapters: [buildChapter({ index: 0, perPart: 4 })],
        place: buildPlace(0, 2, offset),
      });
      renderReader(book);
      await findPage("Chapter 1", 3, 4);
      expect(position()).toBe("Page 3 of 4");
    });
  });

  describe("turning pages", () => {
    it("'Next page' turns the pages of a part, then loads the next part", async () => {
      paragraphsPerPage = 2;
      const book = buildReaderBook({ chapters: [buildChapter({ index: 0, parts: 2, perPart: 4 })] });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 2);
      await user.click(nextButton());
      expect(position()).toBe("Page 2 of 2");
      expect(partsLoaded()).toEqual([[0, 0]]);

      await user.click(nextButton());
      await findPage("Chapter 1", 1, 2);
      expect(partsLoaded()).toEqual([
        [0, 0],
        [0, 1],
      ]);
      expect(partParagraphs()).toEqual(paragraphTexts(0, 4, 8));
    });

    it("'Next page' at the end of a chapter's last part opens the next chapter at its first part", async () => {
      const book = buildReaderBook({ chapters: buildChapters(2, 3) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.click(nextButton());
      await waitFor(() => expect(partParagraphs()).toEqual(paragraphTexts(0, 3, 6)));
      await user.click(nextButton());
      await findPage("Chapter 2", 1, 1);
      expect(partParagraphs()).toEqual(paragraphTexts(1, 0, 3));
      expect(chapterTitle()).toBe("Chapter 2");
      expect(partsLoaded()).toEqual([
        [0, 0],
        [0, 1],
        [1, 0],
      ]);
    });

    it("'Previous page' goes back a page, then to the last page of the previous chapter's last part", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(3, 1), place: buildPlace(1, 1) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 2", 2, 3);
      await user.click(previousButton());
      expect(position()).toBe("Page 1 of 3");

      await user.click(previousButton());
      await findPage("Chapter 1", 3, 3);
      expect(partsLoaded()).toEqual([
        [1, 0],
        [0, 2],
      ]);
      expect(partParagraphs()).toEqual(paragraphTexts(0, 6, 9));
    });

    it("'Previous page' goes back to the part before in the same chapter", async () => {
      const book = buildReaderBook({ chapters: buildChapters(2), place: buildPlace(0, 4) });
      const { user, partsLoaded } = renderReader(book);
      await waitFor(() => expect(partParagraphs()).toEqual(paragraphTexts(0, 3, 6)));
      await user.click(previousButton());
      await waitFor(() => expect(partParagraphs()).toEqual(paragraphTexts(0, 0, 3)));
      expect(partsLoaded()).toEqual([
        [0, 1],
        [0, 0],
      ]);
      expect(previousButton().disabled).toBe(true);
    });

    it("ArrowRight and ArrowLeft turn the pages like the buttons", async () => {
      const book = buildReaderBook({ chapters: buildChapters(1, 2) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.keyboard("{ArrowRight}");
      await findPage("Chapter 2", 1, 1);
      expect(partParagraphs()).toEqual(paragraphTexts(1, 0, 3));
      await user.keyboard("{ArrowLeft}");
      await findPage("Chapter 1", 1, 1);
      expect(partParagraphs()).toEqual(paragraphTexts(0, 0, 3));
      // Chapter 1 comes back from the cache.
      expect(partsLoaded()).toEqual([
        [0, 0],
        [1, 0],
      ]);
    });

    // While the next part loads, the page numbers are the last part's: a second press must not skip
    // the part on its way and open the one after.
    it("ignores ArrowRight while the next part loads, as the disabled 'Next page' does", async () => {
      const book = buildReaderBook({ chapters: [buildChapter({ index: 0, parts: 3 })] });
      const serveParts = partResolver(book.chapters);
      const second = deferred<Reply>();
      const { user, partsLoaded } = renderReader(book, {
        ReaderPart: (variables) => (variables.part === 1 ? second.promise : serveParts(variables)),
      });
      await findPage("Chapter 1", 1, 1);
      await user.keyboard("{ArrowRight}");
      expect(nextButton().disabled).toBe(true);
      await user.keyboard("{ArrowRight}");
      second.resolve(serveParts({ chapter: 0, part: 1 }));
      await screen.findByRole("document");
      // With the bug: the third part (paragraphs 7 to 9), asked for while the second was loading.
      expect(partsLoaded()).toEqual([
        [0, 0],
        [0, 1],
      ]);
      expect(partParagraphs()).toEqual(paragraphTexts(0, 3, 6));
    });

    it("leaves the arrow keys to a text setting's radio button and the read-along's select", async () => {
      stubSpeechSynthesisUtterance();
      vi.stubGlobal("speechSynthesis", new FakeSpeechSynthesis([buildVoice()]).asSynth());
      const book = buildReaderBook({ chapters: buildChapters(1, 1, 1) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.click(screen.getByRole("button", { name: "Text settings" }));

      const radio = screen.getByRole("radio", { name: "Light" });
      radio.focus();
      fireEvent.keyDown(radio, { key: "ArrowRight" });
      await user.click(screen.getByRole("button", { name: "Read-along" }));
      const speed = screen.getByRole("combobox", { name: "Speed" });
      speed.focus();
      fireEvent.keyDown(speed, { key: "ArrowRight" });

      // The page turns once, for the key pressed outside the controls.
      fireEvent.keyDown(document.body, { key: "ArrowRight" });
      await findPage("Chapter 2", 1, 1);
      expect(partsLoaded()).toEqual([
        [0, 0],
        [1, 0],
      ]);
    });
  });

  describe("contents", () => {
    it("lists the chapters with the current one marked; choosing one opens it and closes the list", async () => {
      const book = buildReaderBook({
        chapters: [
          buildChapter({ index: 0, title: "The Beginning" }),
          buildChapter({ index: 1, title: "The Middle", parts: 2 }),
          buildChapter({ index: 2, title: "The Last Chapter" }),
        ],
        place: buildPlace(1, 4),
      });
      const { user, partsLoaded } = renderReader(book);
      await findPage("The Middle", 1, 1);
      const open = screen.getByRole("button", { name: "Contents" });
      await user.click(open);
      expect(open.getAttribute("aria-expanded")).toBe("true");

      const dialog = screen.getByRole("dialog", { name: "Contents" });
      const items = within(dialog).getAllByRole("listitem");
      expect(items.map((item) => item.textContent)).toEqual(["The Beginning", "The Middle", "The Last Chapter"]);
      const current = within(dialog)
        .getAllByRole("button")
        .filter((button) => button.getAttribute("aria-current") === "true");
      expect(current.map((button) => button.textContent)).toEqual(["The Middle"]);

      await user.click(within(dialog).getByRole("button", { name: "The Last Chapter" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      await findPage("The Last Chapter", 1, 1);
      expect(partParagraphs()).toEqual(paragraphTexts(2, 0, 3));
      expect(partsLoaded()).toEqual([
        [1, 1],
        [2, 0],
      ]);
      expect(open.getAttribute("aria-expanded")).toBe("false");
    });

    it("opens a chapter at its first part", async () => {
      const book = buildReaderBook({ chapters: buildChapters(1, 3), place: buildPlace(1, 7) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 2", 1, 1);
      await user.click(screen.getByRole("button", { name: "Contents" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Chapter 2" }));
      await waitFor(() => expect(partParagraphs()).toEqual(paragraphTexts(1, 0, 3)));
      expect(partsLoaded()).toEqual([
        [1, 2],
        [1, 0],
      ]);
    });

    it("leaves the arrow keys to the list while it is open", async () => {
      const book = buildReaderBook({ chapters: buildChapters(1, 1) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.click(screen.getByRole("button", { name: "Contents" }));
      fireEvent.keyDown(within(screen.getByRole("dialog")).getByRole("button", { name: "Chapter 1" }), {
        key: "ArrowRight",
      });
      expect(screen.getByRole("document", { name: "Chapter 1, page 1 of 1" })).toBeTruthy();
      expect(partsLoaded()).toEqual([[0, 0]]);
    });

    it("closes with 'Close' and stays on the page", async () => {
      const book = buildReaderBook({ chapters: buildChapters(1, 1) });
      const { user, partsLoaded } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.click(screen.getByRole("button", { name: "Contents" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Close" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(partsLoaded()).toEqual([[0, 0]]);
    });
  });

  describe("text settings", () => {
    async function openSettings(book: Book, resolvers: Record<string, Resolver> = {}) {
      const rendered = renderReader(book, resolvers);
      await findPage("Chapter 1", 1, 1);
      await rendered.user.click(screen.getByRole("button", { name: "Text settings" }));
      const panel = screen.getByRole("region", { name: "Text settings" });
      const prefsSent = () => rendered.callsOf("SaveReaderPrefs").map((call) => call.variables);
      return { ...rendered, panel, prefsSent };
    }

    it("makes the text larger and smaller at once, saving just the size", async () => {
      const book = buildReaderBook({ prefs: buildReaderPrefs({ textSize: 20 }) });
      const answer = deferred<Reply>();
      const { user, panel, prefsSent } = await openSettings(book, { SaveReaderPrefs: () => answer.promise });
      const size = () => readerSection(book).style.getPropertyValue("--reader-size");
      expect(size()).toBe("20px");

      await user.click(within(panel).getByRole("button", { name: "Larger text" }));
      // Applied before the server answers.
      expect(size()).toBe("22px");
      expect(within(panel).getByText("22px")).toBeTruthy();
      expect(prefsSent()).toEqual([{ input: { textSize: 22 } }]);
      answer.resolve({ data: { saveReaderPrefs: { ...book.prefs, textSize: 22 } } });

      await user.click(within(panel).getByRole("button", { name: "Smaller text" }));
      await user.click(within(panel).getByRole("button", { name: "Smaller text" }));
      expect(size()).toBe("18px");
      expect(prefsSent()).toEqual([
        { input: { textSize: 22 } },
        { input: { textSize: 20 } },
        { input: { textSize: 18 } },
      ]);
    });

    it("changes the line spacing, saving just the spacing", async () => {
      const book = buildReaderBook({ prefs: buildReaderPrefs({ lineSpacing: "normal" }) });
      const { user, panel, prefsSent } = await openSettings(book);
      const loose = within(panel).getByRole<HTMLInputElement>("radio", { name: "Loose" });
      await user.click(loose);
      expect(loose.checked).toBe(true);
      expect(readerSection(book).style.getPropertyValue("--reader-leading")).toBe("2");
      expect(prefsSent()).toEqual([{ input: { lineSpacing: "loose" } }]);
    });

    it("changes the theme at once, saving just the theme", async () => {
      const book = buildReaderBook({ prefs: buildReaderPrefs({ theme: "light" }) });
      const answer = deferred<Reply>();
      const { user, panel, prefsSent } = await openSettings(book, { SaveReaderPrefs: () => answer.promise });
      expect(readerSection(book).getAttribute("data-theme")).toBe("light");
      await user.click(within(panel).getByRole("radio", { name: "Dark" }));
      expect(readerSection(book).getAttribute("data-theme")).toBe("dark");
      expect(prefsSent()).toEqual([{ input: { theme: "dark" } }]);
      answer.resolve({ data: { saveReaderPrefs: { ...book.prefs, theme: "dark" } } });
    });

    it("changes the font, saving just the font", async () => {
      const book = buildReaderBook({ prefs: buildReaderPrefs({ font: "serif" }) });
      const { user, panel, prefsSent } = await openSettings(book);
      expect(readerSection(book).getAttribute("data-font")).toBe("serif");
      await user.click(within(panel).getByRole("radio", { name: "OpenDyslexic (dyslexia-friendly)" }));
      expect(readerSection(book).getAttribute("data-font")).toBe("dyslexic");
      expect(prefsSent()).toEqual([{ input: { font: "dyslexic" } }]);
    });

    it("keeps a setting the server could not save, and says so", async () => {
      const book = buildReaderBook({ prefs: buildReaderPrefs({ theme: "light" }) });
      const { user, panel } = await openSettings(book, {
        SaveReaderPrefs: graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" }),
      });
      await user.click(within(panel).getByRole("radio", { name: "Sepia" }));
      expect((await within(panel).findByRole("alert")).textContent).toBe(
        "Your settings could not be saved; they apply on this device for now.",
      );
      expect(readerSection(book).getAttribute("data-theme")).toBe("sepia");
    });
  });

  it("says a part failed to load, and 'Try Again' asks for it again", async () => {
    const book = buildReaderBook();
    const serveParts = partResolver(book.chapters);
    let attempts = 0;
    const { user, partsLoaded } = renderReader(book, {
      ReaderPart: (variables) => {
        attempts += 1;
        return attempts === 1
          ? graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" })
          : serveParts(variables);
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load this part of the book.");
    expect(screen.queryByRole("document")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Try Again" }));
    await findPage("Chapter 1", 1, 1);
    expect(partParagraphs()).toEqual(paragraphTexts(0, 0, 3));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(partsLoaded()).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });

  describe("the end of the book", () => {
    const endText = (book: Book) => `You've reached the end of ${book.title}!`;

    it("appears only on the last page of the last chapter", async () => {
      paragraphsPerPage = 2;
      const book = buildReaderBook({ chapters: buildChapters(1, 1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 2);
      expect(screen.queryByText(endText(book))).toBeNull();
      await user.click(nextButton());
      await user.click(nextButton());
      await findPage("Chapter 2", 1, 2);
      expect(screen.queryByText(endText(book))).toBeNull();
      expect(screen.queryByRole("button", { name: "Mark as read" })).toBeNull();

      await user.click(nextButton());
      expect(position()).toBe("Page 2 of 2");
      expect(screen.getByText(endText(book))).toBeTruthy();
      expect(nextButton().disabled).toBe(true);
    });

    // The box is in the page flow of the book's last part from its first page, and only fills on
    // the last: what it says never changes the number of pages.
    it("keeps a box for it after the book's last words on every page of the last part, filled on the last page", async () => {
      paragraphsPerPage = 2;
      const book = buildReaderBook({ chapters: buildChapters(1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 2);
      const box = screen.getByRole("document").querySelector("[data-end]");
      expect(box?.previousElementSibling?.textContent).toBe(paragraphTexts(0, 2, 3)[0]);
      expect(box?.textContent).toBe("");
      await user.click(nextButton());
      await findPage("Chapter 1", 2, 2);
      expect(screen.getByRole("document").querySelector("[data-end]")).toBe(box);
      expect(within(box as HTMLElement).getByText(endText(book))).toBeTruthy();
      expect(within(box as HTMLElement).getByRole("button", { name: "Mark as read" })).toBeTruthy();
    });

    it("may take a page of its own after the last words, where reading aloud stops", async () => {
      paragraphsPerPage = 3;
      endOnItsOwnPage = true;
      stubSpeechSynthesisUtterance();
      const synth = new FakeSpeechSynthesis([buildVoice()]);
      vi.stubGlobal("speechSynthesis", synth.asSynth());
      const book = buildReaderBook({ chapters: buildChapters(1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 2);
      expect(screen.queryByText(endText(book))).toBeNull();
      await user.click(screen.getByRole("button", { name: "Read-along" }));
      await user.click(screen.getByRole("button", { name: "Read aloud" }));
      // Three paragraphs of two sentences, then the page turns to the end's page.
      for (let sentence = 0; sentence < 6; sentence += 1) {
        synth.endCurrent();
      }
      await findPage("Chapter 1", 2, 2);
      expect(screen.getByText(endText(book))).toBeTruthy();
      await waitFor(() => expect(screen.getByRole("button", { name: "Read aloud" })).toBeTruthy());
      expect(synth.spoken).toHaveLength(6);
    });

    it("'Mark as read' saves the reading, marks the book read and offers a review", async () => {
      const book = buildReaderBook({ title: "Matilda" });
      const answer = deferred<Reply>();
      const { user, router, calls, callsOf, progressSaves } = renderReader(book, { SetBookRead: () => answer.promise });
      await findPage("Chapter 1", 1, 1);
      expect(screen.getByText("You've reached the end of Matilda!")).toBeTruthy();
      const sentBefore = calls.length;

      await user.click(screen.getByRole("button", { name: "Mark as read" }));
      expect((await screen.findByRole<HTMLButtonElement>("button", { name: "Saving…" })).disabled).toBe(true);
      await waitFor(() => expect(callsOf("SetBookRead")).toHaveLength(1));
      // The reading time is saved first, so that its minutes count for the book.
      expect(
        calls
          .slice(sentBefore)
          .map((call) => call.operationName)
          .slice(-2),
      ).toEqual(["SaveReadingProgress", "SetBookRead"]);
      expect(progressSaves().at(-1)).toEqual({
        bookId: book.bookId,
        chapter: 0,
        paragraph: 0,
        offset: 0,
        seenChapter: 0,
        seenParagraph: 2,
        activeSeconds: expect.any(Number) as number,
      });
      expect(callsOf("SetBookRead")[0]?.variables).toEqual({ bookId: book.bookId, read: true });

      answer.resolve(setBookReadReply(book.bookId));
      expect(await screen.findByText(/^Marked as read\./)).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Mark as read" })).toBeNull();
      await user.click(screen.getByRole("link", { name: "Write a review" }));
      expect(await screen.findByRole("heading", { name: "Review page" })).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/books/${book.bookId}/review`);
    });

    it("shows why a book could not be marked read, and keeps the button", async () => {
      const book = buildReaderBook();
      const { user } = renderReader(book, {
        SetBookRead: graphqlError("Book not found", { code: "NOT_FOUND" }),
      });
      await findPage("Chapter 1", 1, 1);
      await user.click(screen.getByRole("button", { name: "Mark as read" }));
      expect((await screen.findByRole("alert")).textContent).toBe("Book not found");
      expect(screen.getByRole("button", { name: "Mark as read" })).toBeTruthy();
      expect(screen.queryByText(/^Marked as read\./)).toBeNull();
    });

    it("has no button for a book already read, only the way to review it", async () => {
      const book = buildReaderBook({ read: true });
      renderReader(book);
      await findPage("Chapter 1", 1, 1);
      expect(screen.getByText(endText(book))).toBeTruthy();
      expect(screen.getByText(/^Marked as read\./)).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Mark as read" })).toBeNull();
      expect(screen.getByRole("link", { name: "Write a review" }).getAttribute("href")).toBe(
        `/books/${book.bookId}/review`,
      );
    });
  });

  describe("reading like an e-reader", () => {
    /** The area of the page that takes taps and swipes, 400 px wide. */
    function pageArea(): HTMLElement {
      const area = screen.getByRole("document").parentElement?.parentElement;
      if (!area) {
        throw new Error("No page area");
      }
      vi.spyOn(area, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 400, 800));
      return area;
    }
    /** A tap (a finger by default) at x, or a swipe from x to `to`. */
    function touch(area: HTMLElement, x: number, { to = x, pointerType = "touch" } = {}) {
      fireEvent.pointerDown(area, { pointerType, clientX: x, clientY: 300 });
      fireEvent.pointerUp(area, { pointerType, clientX: to, clientY: 302 });
    }
    const toolbar = (book: Book) => readerSection(book).dataset.controls;

    it("a tap near the right edge turns the page on, near the left edge back, and the toolbar steps aside", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(1) });
      renderReader(book);
      await findPage("Chapter 1", 1, 3);
      expect(toolbar(book)).toBe("shown");
      const area = pageArea();
      touch(area, 380);
      await findPage("Chapter 1", 2, 3);
      expect(toolbar(book)).toBe("hidden");
      touch(area, 20);
      await findPage("Chapter 1", 1, 3);
    });

    it("a tap in the middle shows and hides the toolbar, and a page turn hides it", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 3);
      const area = pageArea();
      touch(area, 200);
      expect(toolbar(book)).toBe("hidden");
      touch(area, 200);
      expect(toolbar(book)).toBe("shown");
      expect(position()).toBe("Page 1 of 3");
      await user.click(nextButton());
      expect(position()).toBe("Page 2 of 3");
      expect(toolbar(book)).toBe("hidden");
    });

    it("a swipe turns the page; a mouse click turns none (it may be choosing words), only shows or hides the toolbar", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(1) });
      renderReader(book);
      await findPage("Chapter 1", 1, 3);
      const area = pageArea();
      touch(area, 300, { to: 100 });
      await findPage("Chapter 1", 2, 3);
      touch(area, 380, { pointerType: "mouse" });
      touch(area, 20, { pointerType: "mouse" });
      touch(area, 300, { to: 100, pointerType: "mouse" });
      expect(position()).toBe("Page 2 of 3");
      touch(area, 100, { to: 300 });
      await findPage("Chapter 1", 1, 3);
    });

    it("opens text settings over the page: focus on its heading, Escape closes it and gives focus back", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(1), place: buildPlace(0, 1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 2, 3);
      const open = screen.getByRole("button", { name: "Text settings" });
      await user.click(open);
      const sheet = screen.getByRole("region", { name: "Text settings" });
      expect(document.activeElement).toBe(within(sheet).getByRole("heading", { name: "Text settings" }));
      expect(open.getAttribute("aria-expanded")).toBe("true");
      expect(position()).toBe("Page 2 of 3");

      await user.keyboard("{Escape}");
      expect(screen.queryByRole("region", { name: "Text settings" })).toBeNull();
      expect(document.activeElement).toBe(open);
      expect(open.getAttribute("aria-expanded")).toBe("false");
      expect(position()).toBe("Page 2 of 3");

      await user.click(open);
      await user.click(
        within(screen.getByRole("region", { name: "Text settings" })).getByRole("button", { name: "Close" }),
      );
      expect(screen.queryByRole("region", { name: "Text settings" })).toBeNull();
      expect(document.activeElement).toBe(open);
    });

    it("a tap on the page closes an open sheet, and turns no page", async () => {
      paragraphsPerPage = 1;
      const book = buildReaderBook({ chapters: buildChapters(1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 3);
      await user.click(screen.getByRole("button", { name: "Text settings" }));
      touch(pageArea(), 380);
      expect(screen.queryByRole("region", { name: "Text settings" })).toBeNull();
      expect(position()).toBe("Page 1 of 3");
      expect(toolbar(book)).toBe("shown");
    });

    it("reads on with the read-along closed, and a button beside the page number pauses it", async () => {
      stubSpeechSynthesisUtterance();
      const synth = new FakeSpeechSynthesis([buildVoice()]);
      vi.stubGlobal("speechSynthesis", synth.asSynth());
      const book = buildReaderBook({ chapters: buildChapters(1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      expect(screen.queryByRole("button", { name: "Read aloud" })).toBeNull();
      await user.click(screen.getByRole("button", { name: "Read-along" }));
      const sheet = screen.getByRole("region", { name: "Read-along" });
      await user.click(within(sheet).getByRole("button", { name: "Read aloud" }));
      expect(synth.spokenTexts).toEqual(["Chapter 1, paragraph 1."]);
      await user.click(within(sheet).getByRole("button", { name: "Close" }));

      // Still reading, with the sheet closed: the next sentence follows.
      synth.endCurrent();
      expect(synth.spokenTexts).toEqual(["Chapter 1, paragraph 1.", "The story goes on."]);
      await user.click(screen.getByRole("button", { name: "Pause reading" }));
      expect(synth.cancelCount).toBe(1);
      expect(screen.getByRole("button", { name: "Read aloud" })).toBeTruthy();
    });

    it("puts focus on the page of the chapter chosen in Contents", async () => {
      const book = buildReaderBook({ chapters: buildChapters(1, 1) });
      const { user } = renderReader(book);
      await findPage("Chapter 1", 1, 1);
      await user.click(screen.getByRole("button", { name: "Contents" }));
      await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Chapter 2" }));
      const page = await findPage("Chapter 2", 1, 1);
      await waitFor(() => expect(document.activeElement).toBe(page));
      expect(toolbar(book)).toBe("hidden");
    });
  });

  it("saves the place of the page on screen once the child stops turning pages", async () => {
    const book = buildReaderBook({ chapters: buildChapters(2, 1) });
    const { user, progressSaves } = renderReader(book);
    await findPage("Chapter 1", 1, 1);
    await user.click(nextButton());
    await waitFor(() => expect(partParagraphs()).toEqual(paragraphTexts(0, 3, 6)));
    await waitFor(
      () =>
        expect(progressSaves().at(-1)).toEqual({
          bookId: book.bookId,
          chapter: 0,
          paragraph: 3,
          offset: 0,
          seenChapter: 0,
          seenParagraph: 5,
          activeSeconds: expect.any(Number) as number,
        }),
      { timeout: 3_000 },
    );
  });
});

describe("useReadingProgress", () => {
  const place = (paragraph: number): ProgressPlace => ({
    chapter: 1,
    paragraph,
    offset: 0,
    seenChapter: 1,
    seenParagraph: paragraph + 2,
  });

  const secondsIn = (inputs: ReadingProgressInput[]) => inputs.reduce((sum, input) => sum + input.activeSeconds, 0);

  function renderProgress(resolvers: Record<string, Resolver> = {}) {
    vi.useFakeTimers();
    const book = buildReaderBook();
    const test = createReaderTestClient(book, resolvers);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApolloProvider client={test.client}>{children}</ApolloProvider>
    );
    const view = renderHook(() => useReadingProgress(book.bookId), { wrapper });
    const saved = test.progressSaves;
    /** A save's input: the book, the place and the seconds. */
    const sent = (at: ProgressPlace, activeSeconds: number) => ({ bookId: book.bookId, ...at, activeSeconds });
    return { ...test, ...view, book, saved, sent };
  }

  it("saves the place 800 ms after the page changed, with the active seconds counted since opening", async () => {
    const { result, saved, sent } = renderProgress();
    await vi.advanceTimersByTimeAsync(5_000);
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(799);
    expect(saved()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved()).toEqual([sent(place(4), 5)]);
  });

  it("saves once for pages turned in quick succession, with the last place", async () => {
    const { result, saved, sent } = renderProgress();
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(500);
    act(() => result.current.setPlace(place(7)));
    await vi.advanceTimersByTimeAsync(799);
    expect(saved()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved()).toEqual([sent(place(7), 1)]);
  });

  it("saves every 20 seconds with the seconds read since the last save", async () => {
    const { result, saved, sent } = renderProgress();
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(SAVE_EVERY_MS - 1);
    expect(saved()).toEqual([sent(place(4), 0)]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved()).toHaveLength(2);
    expect(saved()[1]).toMatchObject(place(4));
    // The 20th second and the save fall due together: it goes with this save or the next.
    await act(() => result.current.flush());
    expect(secondsIn(saved())).toBe(20);
  });

  it("keeps the seconds of a failed save for the next save", async () => {
    let attempts = 0;
    const { result, book, saved, sent } = renderProgress({
      SaveReadingProgress: () => {
        attempts += 1;
        return attempts === 1 ? new TypeError("Failed to fetch") : progressReply(book.bookId);
      },
    });
    await vi.advanceTimersByTimeAsync(3_000);
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(800);
    expect(saved()).toEqual([sent(place(4), 3)]);

    await vi.advanceTimersByTimeAsync(2_000);
    act(() => result.current.setPlace(place(7)));
    await vi.advanceTimersByTimeAsync(800);
    // The 3 seconds that failed, and the 3 counted since (at 4, 5 and 6 s).
    expect(saved()).toEqual([sent(place(4), 3), sent(place(7), 6)]);
  });

  it("stops counting a minute after the last touch, click or key, and starts again with the next", async () => {
    const { result, saved } = renderProgress();
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(4 * SAVE_EVERY_MS);
    await act(() => result.current.flush());
    // The clock starts with the first save (at 0.8 s): seconds 1 to 60 count, 61 to 80 do not.
    expect(secondsIn(saved())).toBe(60);
    const before = saved().length;

    act(() => result.current.interact());
    await vi.advanceTimersByTimeAsync(SAVE_EVERY_MS);
    await act(() => result.current.flush());
    expect(secondsIn(saved().slice(before))).toBe(20);
  });

  it("flush saves at once, and the pending page save is not sent again", async () => {
    const { result, saved, sent } = renderProgress();
    await vi.advanceTimersByTimeAsync(2_000);
    act(() => result.current.setPlace(place(4)));
    await act(() => result.current.flush());
    expect(saved()).toEqual([sent(place(4), 2)]);
    await vi.advanceTimersByTimeAsync(800);
    expect(saved()).toHaveLength(1);
  });

  describe("when the child leaves the page", () => {
    afterEach(() => {
      delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    });

    function setVisibility(state: DocumentVisibilityState) {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state });
      act(() => {
        document.dispatchEvent(new Event("visibilitychange"));
      });
    }

    function stubLeaveSave(answer: () => Promise<Response>) {
      storeSignedIn(buildUser());
      const leaveSave = vi.fn((_url: string, _init: RequestInit) => answer());
      vi.stubGlobal("fetch", leaveSave);
      const sentOnLeave = () =>
        leaveSave.mock.calls.map(([url, init]) => ({
          url,
          keepalive: init.keepalive,
          input: (JSON.parse(String(init.body)) as { variables: { input: ReadingProgressInput } }).variables.input,
        }));
      return sentOnLeave;
    }

    it("saves with a request that outlives the page, and a save that never arrived gives its seconds back", async () => {
      const sentOnLeave = stubLeaveSave(() => Promise.reject(new TypeError("Failed to fetch")));
      const { result, saved, sent } = renderProgress();
      act(() => result.current.setPlace(place(4)));
      await vi.advanceTimersByTimeAsync(5_000);
      setVisibility("hidden");
      expect(sentOnLeave()).toEqual([{ url: "/graphql", keepalive: true, input: sent(place(4), 5) }]);
      await vi.advanceTimersByTimeAsync(10_000);

      setVisibility("visible");
      await act(() => result.current.flush());
      // Hidden seconds are not counted; the 5 from before come back.
      expect(saved().at(-1)).toEqual(sent(place(4), 5));
    });

    // An answer that refuses the save on leaving (HTTP 500, or a GraphQL error with status 200) must
    // not count as saved: those seconds go with the next save.
    it("gives back the seconds of a save on leaving that the server refused", async () => {
      stubLeaveSave(() =>
        Promise.resolve(
          new Response(JSON.stringify(graphqlError("Internal server error", { code: "INTERNAL_SERVER_ERROR" })), {
            status: 500,
            headers: { "content-type": "application/json" },
          }),
        ),
      );
      const { result, saved, sent } = renderProgress();
      act(() => result.current.setPlace(place(4)));
      await vi.advanceTimersByTimeAsync(5_000);
      setVisibility("hidden");
      await vi.advanceTimersByTimeAsync(10_000);

      setVisibility("visible");
      await act(() => result.current.flush());
      expect(saved().at(-1)).toEqual(sent(place(4), 5));
    });
  });

  it("saves what was counted when the reader closes", async () => {
    const { result, saved, sent, unmount } = renderProgress();
    act(() => result.current.setPlace(place(4)));
    await vi.advanceTimersByTimeAsync(5_000);
    unmount();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved().at(-1)).toEqual(sent(place(4), 5));
  });
});
