import { useMutation, useQuery } from "@apollo/client/react";
import {
  type CSSProperties,
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Link } from "react-router-dom";
import { Button } from "../../../components/Button";
import { Spinner } from "../../../components/Spinner";
import type { BookReaderQuery, ReaderPrefsFieldsFragment } from "../../../gql/graphql";
import { errorMessage } from "../../../lib/errors";
import { SetBookReadDocument } from "../../books/graphql/books";
import { ChatPane } from "../../chat/ChatPane";
import { ReaderPartDocument, SaveReaderPrefsDocument } from "../graphql";
import { describePage, measurePages, type PageLayout, type Place, pageOfPlace, sentencesOnPage } from "../lib/pages";
import { splitSentences } from "../lib/sentences";
import { usePageGestures } from "../lib/usePageGestures";
import { useReadingProgress } from "../lib/useReadingProgress";
import { PauseIcon, PlayIcon, ReadAlongControls } from "../readAlong/ReadAlongControls";
import { usePageReadAlong } from "../readAlong/usePageReadAlong";
import styles from "./Reader.module.css";
import { ReaderSettings } from "./ReaderSettings";
import { ReaderSheet } from "./ReaderSheet";
import { TableOfContents } from "./TableOfContents";

type ReaderData = BookReaderQuery["bookReader"];
type Chapter = ReaderData["chapters"][number];

/** Where to go once a part is on screen: its start, its end, or the page holding a place. */
type Target = { chapter: number; part: number; anchor: "start" | "end" | Place };

/** A panel of the reader: Contents is a modal list, the others are sheets over the page. */
type Panel = "contents" | "settings" | "readAlong";

const GAP = 48;
const NO_SENTENCES: HTMLElement[] = [];
export const PART_LOAD_ERROR = "Failed to load this part of the book.";
export const PREFS_SAVE_ERROR = "Your settings could not be saved; they apply on this device for now.";

function partOf(chapter: Chapter | undefined, paragraph: number): number {
  if (!chapter) {
    return 0;
  }
  let part = 0;
  chapter.partStarts.forEach((start, index) => {
    if (start <= paragraph) {
      part = index;
    }
  });
  return part;
}

/** The part's columns made one viewport wide, and its pages counted. */
function layOut(flow: HTMLElement, viewport: HTMLElement): PageLayout {
  const width = viewport.clientWidth;
  flow.style.setProperty("--page-width", `${width}px`);
  return measurePages(flow, width, GAP);
}

const LEADING = { normal: 1.45, relaxed: 1.7, loose: 2 } as const;

export function Reader({ reader }: { reader: ReaderData }) {
  const { chapters } = reader;
  const [target, setTarget] = useState<Target>(() =>
    reader.place
      ? {
          chapter: reader.place.chapter,
          part: partOf(chapters[reader.place.chapter], reader.place.paragraph),
          anchor: { paragraph: reader.place.paragraph, offset: reader.place.offset },
        }
      : { chapter: 0, part: 0, anchor: "start" },
  );
  const [prefs, setPrefs] = useState<ReaderPrefsFieldsFragment>(reader.prefs);
  const [prefsError, setPrefsError] = useState<string | null>(null);
  const [layout, setLayout] = useState<PageLayout | null>(null);
  const [page, setPage] = useState(0);
  const [panel, setPanel] = useState<Panel | null>(null);
  // The reader's toolbar: on a phone it is hidden while reading and comes with a tap in the middle
  // of the page (see Reader.module.css); shown when the book opens, so the child sees it is there.
  const [controls, setControls] = useState(true);
  const [read, setRead] = useState(reader.read);
  const [markError, setMarkError] = useState<string | null>(null);
  const [pageSentences, setPageSentences] = useState<HTMLElement[]>([]);
  // The paragraphs the page on screen shows, for 'Ask about this page'.
  const [shownPage, setShownPage] = useState<{ paragraph: number; lastParagraph: number } | null>(null);
  const [asking, setAsking] = useState(false);
  const askRef = useRef<HTMLHeadingElement>(null);
  // The toolbar's buttons, found by their data-opens, to give focus back when their panel closes.
  const toolsRef = useRef<HTMLDivElement>(null);
  const focusTool = (opens: Panel | "ask") =>
    toolsRef.current?.querySelector<HTMLButtonElement>(`[data-opens="${opens}"]`)?.focus();
  const viewportRef = useRef<HTMLDivElement>(null);
  const flowRef = useRef<HTMLDivElement>(null);
  // The place the page on screen starts with: kept across re-layouts (text size, window size).
  const anchorRef = useRef<Place | null>(null);
  // Set when the layout changed under the child (settings, window size): the place stays the anchor.
  const keepAnchorRef = useRef(false);

  const chapter = chapters[target.chapter];
  const partQuery = useQuery(ReaderPartDocument, {
    variables: { bookId: reader.bookId, chapter: target.chapter, part: target.part },
  });
  const part =
    partQuery.data?.readerPart.chapter === target.chapter && partQuery.data.readerPart.part === target.part
      ? partQuery.data.readerPart
      : null;
  const [savePrefs] = useMutation(SaveReaderPrefsDocument);
  const [setBookRead, markState] = useMutation(SetBookReadDocument);
  const progress = useReadingProgress(reader.bookId);

  // The reader takes the whole window: the site's header and footer step aside while it is open.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.setAttribute("data-reader-open", "");
    return () => root.removeAttribute("data-reader-open");
  }, []);

  // The part on screen by what it is, not by object: Apollo may hand the same part over again (after
  // a mutation's cache update, say), and that must not lay the pages out afresh at the target's start.
  const partKey = part ? `${part.chapter}:${part.part}:${part.firstParagraph}:${part.paragraphs.length}` : null;

  const paragraphs = useMemo(
    () =>
      part?.paragraphs.map((text, index) => ({
        index: part.firstParagraph + index,
        sentences: splitSentences(text),
      })) ?? [],
    [part],
  );

  // A new part (or a new target in it): laid out at the page asked for, before the browser paints.
  const layOutPart = useCallback(() => {
    const viewport = viewportRef.current;
    const flow = flowRef.current;
    if (!viewport || !flow || !partKey) {
      return;
    }
    const measured = layOut(flow, viewport);
    setLayout(measured);
    const { anchor } = target;
    setPage(anchor === "start" ? 0 : anchor === "end" ? measured.pageCount - 1 : pageOfPlace(flow, measured, anchor));
  }, [partKey, target]);

  useLayoutEffect(() => {
    anchorRef.current = null;
    keepAnchorRef.current = false;
    layOutPart();
  }, [layOutPart]);

  // The layout changed under the child (settings, window size): measure again, the place stays.
  const reflow = useCallback(() => {
    const viewport = viewportRef.current;
    const flow = flowRef.current;
    if (!viewport || !flow) {
      return;
    }
    const place = anchorRef.current;
    const measured = layOut(flow, viewport);
    keepAnchorRef.current = place !== null;
    setLayout(measured);
    if (place) {
      setPage(pageOfPlace(flow, measured, place));
    }
  }, []);

  useLayoutEffect(() => {
    if (layout) {
      reflow();
    }
    // Only the settings that change the layout; the first layout is the part's (above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefs.textSize, prefs.lineSpacing, prefs.font]);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || typeof ResizeObserver === "undefined") {
      return;
    }
    let width = viewport.clientWidth;
    let height = viewport.clientHeight;
    const observer = new ResizeObserver(() => {
      if (viewport.clientWidth === width && viewport.clientHeight === height) {
        return;
      }
      width = viewport.clientWidth;
      height = viewport.clientHeight;
      reflow();
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [reflow]);

  // What the page shows: remembered as the place, saved, and read aloud. In the same commit as the
  // page change, so a re-layout that follows (a resize) starts from the page the child turned to.
  useLayoutEffect(() => {
    const flow = flowRef.current;
    const viewport = viewportRef.current;
    if (!flow || !viewport || !layout || !partKey) {
      return;
    }
    const shown = describePage(flow, viewport, layout, page);
    if (!shown) {
      // A page with no words: the end of the book's box alone. Nothing to read aloud there (the
      // read-along stops), and the place stays the page before.
      if (flow.querySelector("[data-end]")) {
        setPageSentences(NO_SENTENCES);
      }
      return;
    }
    // After the child turns a page the page's start is the place; after a re-layout the place stays.
    const kept = keepAnchorRef.current ? anchorRef.current : null;
    keepAnchorRef.current = false;
    const place = kept ?? shown.place;
    anchorRef.current = place;
    setPageSentences(sentencesOnPage(flow, layout, page));
    setShownPage({ paragraph: shown.place.paragraph, lastParagraph: shown.lastParagraph });
    progress.setPlace({
      chapter: target.chapter,
      paragraph: place.paragraph,
      offset: place.offset,
      seenChapter: target.chapter,
      seenParagraph: Math.max(place.paragraph, shown.lastParagraph),
    });
  }, [layout, page, partKey, target.chapter, progress]);

  const pageCount = layout?.pageCount ?? 1;
  const lastChapter = target.chapter === chapters.length - 1;
  const lastPart = !chapter || target.part === chapter.partStarts.length - 1;
  const atEnd = lastChapter && lastPart && page >= pageCount - 1;
  const atStart = target.chapter === 0 && target.part === 0 && page === 0;

  const next = useCallback(() => {
    // Until the part on its way is laid out, the page numbers are the last part's: wait for it.
    if (!part || !layout) {
      return;
    }
    if (page < pageCount - 1) {
      setPage(page + 1);
    } else if (chapter && target.part < chapter.partStarts.length - 1) {
      setTarget({ chapter: target.chapter, part: target.part + 1, anchor: "start" });
    } else if (target.chapter < chapters.length - 1) {
      setTarget({ chapter: target.chapter + 1, part: 0, anchor: "start" });
    }
  }, [page, pageCount, chapter, target, chapters.length, part, layout]);

  const previous = useCallback(() => {
    if (!part || !layout) {
      return;
    }
    if (page > 0) {
      setPage(page - 1);
    } else if (target.part > 0) {
      setTarget({ chapter: target.chapter, part: target.part - 1, anchor: "end" });
    } else if (target.chapter > 0) {
      const before = chapters[target.chapter - 1];
      setTarget({ chapter: target.chapter - 1, part: (before?.partStarts.length ?? 1) - 1, anchor: "end" });
    }
  }, [page, target, chapters, part, layout]);

  // The child turning the page: the toolbar steps aside, as in an e-reader.
  const turnNext = useCallback(() => {
    setControls(false);
    next();
  }, [next]);
  const turnPrevious = useCallback(() => {
    setControls(false);
    previous();
  }, [previous]);

  const readAlong = usePageReadAlong({
    sentences: pageSentences,
    atEnd,
    onPageEnd: turnNext,
    onListening: progress.setListening,
  });
  // Once the child has started reading aloud, a play/pause button stays beside the page number while
  // the read-along sheet is closed.
  const [listened, setListened] = useState(false);
  const sheetReadAlong = useMemo(
    () => ({
      ...readAlong,
      play: () => {
        setListened(true);
        readAlong.play();
      },
    }),
    [readAlong],
  );

  useEffect(() => {
    if (asking) {
      askRef.current?.focus();
    }
  }, [asking]);

  // After choosing a chapter in Contents, focus goes to its page (not back to the toolbar, which
  // would stay on screen while it holds focus): a screen reader reads on from there.
  const focusPageRef = useRef(false);
  useEffect(() => {
    if (focusPageRef.current && partKey && panel === null) {
      focusPageRef.current = false;
      flowRef.current?.focus({ preventScroll: true });
    }
  }, [partKey, panel]);

  function toggleSheet(sheet: "settings" | "readAlong") {
    setPanel(panel === sheet ? null : sheet);
  }

  /** Closes a sheet; focus goes back to its button in the toolbar, unless the child tapped the page. */
  function closeSheet(returnFocus: boolean) {
    const closing = panel;
    setPanel(null);
    if (returnFocus && closing) {
      focusTool(closing);
    }
  }

  function closeAsk() {
    setAsking(false);
    focusTool("ask");
  }

  // Escape closes a sheet, else the chat (the Contents dialog handles its own Escape).
  function closeTopPanel(): boolean {
    if (panel === "settings" || panel === "readAlong") {
      closeSheet(true);
      return true;
    }
    if (asking) {
      closeAsk();
      return true;
    }
    return false;
  }

  // The key listener is registered once and calls the turn of the latest render: a key pressed just
  // after a page turn must not act on the page before it.
  const turnRef = useRef({ next: turnNext, previous: turnPrevious, escape: closeTopPanel });
  useLayoutEffect(() => {
    turnRef.current = { next: turnNext, previous: turnPrevious, escape: closeTopPanel };
  });

  // Arrow keys and Page Up/Down turn pages, unless the child is typing or choosing in a control.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) {
        return;
      }
      if (event.key === "Escape") {
        if (turnRef.current.escape()) {
          event.preventDefault();
        }
        return;
      }
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, select, textarea, dialog, [contenteditable='true']")) {
        return;
      }
      if (event.key === "ArrowRight" || event.key === "PageDown") {
        event.preventDefault();
        turnRef.current.next();
      } else if (event.key === "ArrowLeft" || event.key === "PageUp") {
        event.preventDefault();
        turnRef.current.previous();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // A tap near an edge turns the page and one in the middle shows or hides the toolbar; with a sheet
  // open, a tap on the page closes it (and does nothing else).
  const gestures = usePageGestures({
    onNext: turnNext,
    onPrevious: turnPrevious,
    onTap: (zone) => {
      if (panel === "settings" || panel === "readAlong") {
        closeSheet(false);
      } else if (zone === "next") {
        turnNext();
      } else if (zone === "previous") {
        turnPrevious();
      } else {
        setControls((shown) => !shown);
      }
    },
  });

  async function changePrefs(change: Partial<ReaderPrefsFieldsFragment>) {
    setPrefs((current) => ({ ...current, ...change }));
    setPrefsError(null);
    try {
      await savePrefs({ variables: { input: change } });
    } catch {
      setPrefsError(PREFS_SAVE_ERROR);
    }
  }

  async function markRead() {
    setMarkError(null);
    try {
      await progress.flush();
      await setBookRead({ variables: { bookId: reader.bookId, read: true } });
      setRead(true);
    } catch (error) {
      setMarkError(errorMessage(error, "Failed to update read status. Please try again."));
    }
  }

  // About how far through the book the page is, by characters.
  const before = chapters.slice(0, target.chapter).reduce((sum, c) => sum + c.characters, 0);
  const inChapter =
    chapter && chapter.paragraphCount > 0
      ? (chapter.partStarts[target.part] ?? 0) / chapter.paragraphCount +
        ((page + 1) / pageCount) *
          (((chapter.partStarts[target.part + 1] ?? chapter.paragraphCount) - (chapter.partStarts[target.part] ?? 0)) /
            chapter.paragraphCount)
      : 0;
  const percent = Math.min(
    100,
    Math.round(((before + inChapter * (chapter?.characters ?? 0)) / Math.max(1, reader.characters)) * 100),
  );

  const style = {
    "--reader-size": `${prefs.textSize}px`,
    "--reader-leading": LEADING[prefs.lineSpacing],
    "--page-offset": `${-(page * (layout?.step ?? 0))}px`,
    "--page-gap": `${GAP}px`,
  } as CSSProperties;

  return (
    <section
      className={styles.reader}
      data-theme={prefs.theme}
      data-font={prefs.font}
      data-controls={controls ? "shown" : "hidden"}
      style={style}
      aria-labelledby="reader-title"
    >
      <header className={styles.bar}>
        <Link to={`/books/${reader.bookId}`} className={styles.back}>
          <span aria-hidden="true">←</span> Back to the book
        </Link>
        <div className={styles.titles}>
          <h1 id="reader-title" className={styles.title}>
            {reader.title}
          </h1>
          <p className={styles.chapterTitle}>{chapter?.title}</p>
        </div>
        <div className={styles.tools} ref={toolsRef}>
          <Button
            variant="secondary"
            aria-expanded={panel === "contents"}
            onClick={() => setPanel(panel === "contents" ? null : "contents")}
          >
            Contents
          </Button>
          <Button
            data-opens="settings"
            variant="secondary"
            aria-expanded={panel === "settings"}
            onClick={() => toggleSheet("settings")}
          >
            Text settings
          </Button>
          <Button
            data-opens="readAlong"
            variant="secondary"
            aria-expanded={panel === "readAlong"}
            onClick={() => toggleSheet("readAlong")}
          >
            Read-along
          </Button>
          <Button
            data-opens="ask"
            variant="secondary"
            aria-expanded={asking}
            disabled={!shownPage}
            onClick={() => {
              // The chat answers up to the furthest page read: make sure this one counts.
              void progress.flush();
              setAsking(!asking);
            }}
          >
            Ask about this page
          </Button>
        </div>
      </header>

      {panel === "contents" ? (
        <TableOfContents
          chapters={chapters}
          current={target.chapter}
          onChoose={(index) => {
            focusPageRef.current = true;
            setPanel(null);
            setControls(false);
            setTarget({ chapter: index, part: 0, anchor: "start" });
          }}
          onClose={() => setPanel(null)}
        />
      ) : null}
      <ReaderSheet title="Text settings" open={panel === "settings"} onClose={() => closeSheet(true)}>
        <ReaderSettings prefs={prefs} error={prefsError} onChange={(change) => void changePrefs(change)} />
      </ReaderSheet>
      <ReaderSheet title="Read-along" open={panel === "readAlong"} onClose={() => closeSheet(true)}>
        <ReadAlongControls readAlong={sheetReadAlong} />
      </ReaderSheet>

      <div className={styles.stage} {...gestures}>
        {/* The chapter, faintly, above the page on a phone; the toolbar says it for screen readers. */}
        <p className={styles.runningHead} aria-hidden="true">
          {chapter?.title ?? reader.title}
        </p>
        <div
          ref={viewportRef}
          className={styles.viewport}
          // Selecting text can scroll a clipped box sideways; the page is placed by --page-offset alone.
          onScroll={(event) => {
            event.currentTarget.scrollLeft = 0;
          }}
        >
          {part ? (
            <div
              ref={flowRef}
              className={styles.flow}
              role="document"
              tabIndex={-1}
              aria-label={`${chapter?.title ?? reader.title}, page ${page + 1} of ${pageCount}`}
            >
              {paragraphs.map((paragraph) => (
                <p key={paragraph.index} data-paragraph={paragraph.index} className={styles.paragraph}>
                  {paragraph.sentences.map((sentence, index) => (
                    <Fragment key={sentence.start}>
                      {index > 0 ? " " : null}
                      <span data-start={sentence.start}>{sentence.text}</span>
                    </Fragment>
                  ))}
                </p>
              ))}
              {/* The end of the book follows its last words on the page, in a box of a fixed size
                  that is always there in the last part, so that the pages do not change when it fills. */}
              {lastChapter && lastPart ? (
                <div className={styles.end} data-end="" role="status">
                  {atEnd ? (
                    <>
                      <p className={styles.endTitle}>You&apos;ve reached the end of {reader.title}!</p>
                      {read ? (
                        <p>
                          Marked as read. <Link to={`/books/${reader.bookId}/review`}>Write a review</Link>
                        </p>
                      ) : (
                        <Button onClick={() => void markRead()} disabled={markState.loading}>
                          {markState.loading ? "Saving…" : "Mark as read"}
                        </Button>
                      )}
                      {markError ? (
                        <p className="notice notice--error" role="alert">
                          {markError}
                        </p>
                      ) : null}
                    </>
                  ) : null}
                </div>
              ) : null}
            </div>
          ) : partQuery.error ? (
            <div className={styles.partError}>
              <p className="notice notice--error" role="alert">
                {PART_LOAD_ERROR}
              </p>
              <Button variant="secondary" onClick={() => void partQuery.refetch().catch(() => undefined)}>
                Try Again
              </Button>
            </div>
          ) : (
            <Spinner label="Loading the page…" />
          )}
        </div>
      </div>

      <footer className={styles.pager}>
        <Button variant="secondary" className={styles.turn} onClick={turnPrevious} disabled={atStart || !part}>
          <span aria-hidden="true">‹</span>
          <span className={styles.turnLabel}>Previous page</span>
        </Button>
        <p className={styles.position} aria-live="polite">
          Page {page + 1} of {pageCount}
          <span className={styles.percent}>
            {" "}
            · {percent}%<span className={styles.wideOnly}> of the book</span>
          </span>
        </p>
        {listened && panel !== "readAlong" ? (
          <Button
            variant="secondary"
            className={styles.turn}
            onClick={readAlong.playing ? readAlong.pause : readAlong.play}
          >
            {readAlong.playing ? <PauseIcon /> : <PlayIcon />}
            <span className="visually-hidden">{readAlong.playing ? "Pause reading" : "Read aloud"}</span>
          </Button>
        ) : null}
        <Button variant="secondary" className={styles.turn} onClick={turnNext} disabled={atEnd || !part}>
          <span className={styles.turnLabel}>Next page</span>
          <span aria-hidden="true">›</span>
        </Button>
      </footer>

      {asking && shownPage ? (
        <aside className={styles.askPanel} aria-labelledby="reader-ask-heading">
          <div className={styles.askTop}>
            <h2 id="reader-ask-heading" ref={askRef} tabIndex={-1}>
              Ask about this page
            </h2>
            <Button variant="secondary" onClick={closeAsk}>
              Close
            </Button>
          </div>
          <ChatPane
            bookId={reader.bookId}
            page={{ chapter: target.chapter, ...shownPage }}
            pageLabel={`${chapter?.title ?? reader.title}, page ${page + 1}`}
          />
        </aside>
      ) : null}
    </section>
  );
}
