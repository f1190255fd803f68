import { ButtonLink } from "./Button";
import styles from "./NotFoundPage.module.css";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function NotFoundPage() {
  useDocumentTitle("Page Not Found");
  return (
    <section className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>We looked on every shelf, but this page is not here.</p>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </section>
  );
}
