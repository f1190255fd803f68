import { useQuery } from "@apollo/client/react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Button, ButtonLink } from "../../../components/Button";
import { CoverImage } from "../../../components/CoverImage";
import { Spinner } from "../../../components/Spinner";
import type { BookCardFieldsFragment } from "../../../gql/graphql";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";
import { useAuth } from "../../auth/AuthProvider";
import { formatDate } from "../../books/components/formatDate";
import { DashboardDocument } from "../../books/graphql/dashboard";
import styles from "./DashboardPage.module.css";

export function dashboardSubtitle(role: string | undefined): string {
  if (role === "student") {
    return "Student Dashboard";
  }
  return role === "teacher" ? "Teacher Dashboard" : "Admin Dashboard";
}

export const DASHBOARD_ERROR = "Failed to load dashboard data. Please try again later.";

// Spec 9: at most 3 recent books and 3 recommendations (the server sends no more; this keeps the promise).
const SHOWN = 3;

export default function DashboardPage() {
  useDocumentTitle("Dashboard");
  const { user } = useAuth();
  if (!user?.uid) {
    return (
      <section className="container">
        <p className="notice notice--error" role="alert">
          Authentication required. Please log in again.
        </p>
      </section>
    );
  }
  return (
    <section className={`container ${styles.page}`}>
      <h1>Welcome, {user.displayName || "Reader"}</h1>
      <p className={styles.subtitle}>{dashboardSubtitle(user.role)}</p>
      <DashboardContent />
    </section>
  );
}

function DashboardContent() {
  const { data, error } = useQuery(DashboardDocument, { fetchPolicy: "cache-and-network" });

  if (!data) {
    if (error) {
      return (
        <div className={styles.error}>
          <p className="notice notice--error" role="alert">
            {DASHBOARD_ERROR}
          </p>
          <Button onClick={() => window.location.reload()}>Try Again</Button>
        </div>
      );
    }
    return <Spinner label="Loading your dashboard…" />;
  }

  const { booksRead, readingTime, recentBooks, recommendations } = data.dashboard;
  return (
    <>
      <ul className={styles.stats} aria-label="Your reading">
        <li className={styles.stat}>
          <span className={styles.statLabel}>Books Read</span>
          <span className={styles.statValue}>{booksRead}</span>
        </li>
        <li className={styles.stat}>
          <span className={styles.statLabel}>Reading Time</span>
          <span className={styles.statValue}>{readingTime} min</span>
        </li>
      </ul>

      <section className={styles.section} aria-labelledby="recent-books-heading">
        <h2 id="recent-books-heading">Your Recent Books</h2>
        {recentBooks.length === 0 ? (
          <div className={styles.empty}>
            <p>You haven&apos;t read any books yet</p>
            <ButtonLink to="/books">Explore Books</ButtonLink>
          </div>
        ) : (
          <>
            <ul className={styles.books}>
              {recentBooks.slice(0, SHOWN).map((recent) => (
                <li key={recent.id} className={styles.book}>
                  <BookSummary book={recent.book} to={`/books/${recent.bookId}`}>
                    <p className={styles.meta}>
                      <span className={styles.readMarker}>
                        <span aria-hidden="true">✓ </span>Read
                      </span>
                    </p>
                    <p className={styles.meta}>Last read: {formatDate(recent.lastReadAt) ?? "Unknown"}</p>
                  </BookSummary>
                </li>
              ))}
            </ul>
            <ButtonLink to="/books" variant="secondary">
              View All Books
            </ButtonLink>
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="recommended-heading">
        <h2 id="recommended-heading">Recommended for You</h2>
        {recommendations.length === 0 ? (
          <div className={styles.empty}>
            <p>Based on your reading history, we think you&apos;ll enjoy these books</p>
            <ButtonLink to="/books">Explore Recommendations</ButtonLink>
          </div>
        ) : (
          <ul className={styles.books}>
            {recommendations.slice(0, SHOWN).map(({ book, reasonText }) => (
              <li key={book.id} className={styles.book}>
                <BookSummary book={book} to={`/books/${book.id}`} lazy>
                  <p className={styles.reason}>{reasonText}</p>
                </BookSummary>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** A small cover (80x112, spec 9) beside the title, author, any extra lines and a 'View Book' link. */
function BookSummary({
  book,
  to,
  lazy = false,
  children,
}: {
  book: BookCardFieldsFragment;
  to: string;
  lazy?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <CoverImage
        src={book.coverLowUrl ?? book.coverUrl}
        title={book.title}
        color={book.coverColor}
        width={80}
        height={112}
        lazy={lazy}
      />
      <div className={styles.details}>
        <h3 className={styles.title}>{book.title}</h3>
        <p className={styles.author}>{book.author}</p>
        {children}
        <Link to={to} className={styles.view}>
          View Book<span className="visually-hidden">: {book.title}</span>
        </Link>
      </div>
    </>
  );
}
