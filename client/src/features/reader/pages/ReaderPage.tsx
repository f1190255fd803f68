import "@fontsource/opendyslexic/400.css";
import { useQuery } from "@apollo/client/react";
import { useParams } from "react-router-dom";
import { Spinner } from "../../../components/Spinner";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { BookError } from "../../books/components/BookError";
import { bookLoadErrorMessage } from "../../books/components/bookErrors";
import { Reader } from "../components/Reader";
import { BookReaderDocument } from "../graphql";

/** /books/{bookId}/read: the book's reader, opened where the student stopped. */
export default function ReaderPage() {
  const { bookId = "" } = useParams();
  const { data, error } = useQuery(BookReaderDocument, { variables: { bookId }, fetchPolicy: "network-only" });
  useDocumentTitle(data?.bookReader.title);

  if (error && !data) {
    return <BookError message={bookLoadErrorMessage(error)} />;
  }
  if (!data) {
    return <Spinner label="Opening the book…" />;
  }
  return <Reader key={data.bookReader.bookId} reader={data.bookReader} />;
}
