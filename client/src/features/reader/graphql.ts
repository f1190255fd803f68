import { graphql } from "../../gql";

// The reader: its table of contents, place and settings in one round trip; the text a part at a time.
export const BookReaderDocument = graphql(`
  query BookReader($bookId: ID!) {
    bookReader(bookId: $bookId) {
      bookId
      title
      author
      characters
      read
      readingTime
      chapters {
        index
        title
        paragraphCount
        characters
        partStarts
      }
      place {
        chapter
        paragraph
        offset
      }
      furthest {
        chapter
        paragraph
      }
      prefs {
        ...ReaderPrefsFields
      }
    }
  }
`);

export const ReaderPrefsFields = graphql(`
  fragment ReaderPrefsFields on ReaderPrefs {
    textSize
    lineSpacing
    theme
    font
  }
`);

export const ReaderPartDocument = graphql(`
  query ReaderPart($bookId: ID!, $chapter: Int!, $part: Int!) {
    readerPart(bookId: $bookId, chapter: $chapter, part: $part) {
      chapter
      part
      firstParagraph
      paragraphs
    }
  }
`);

export const SaveReadingProgressDocument = graphql(`
  mutation SaveReadingProgress($input: ReadingProgressInput!) {
    saveReadingProgress(input: $input) {
      bookId
      read
      readingTime
      readingSeconds
    }
  }
`);

export const SaveReaderPrefsDocument = graphql(`
  mutation SaveReaderPrefs($input: ReaderPrefsInput!) {
    saveReaderPrefs(input: $input) {
      ...ReaderPrefsFields
    }
  }
`);
