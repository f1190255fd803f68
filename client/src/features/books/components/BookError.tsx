import { ButtonLink } from "../../../components/Button";
import styles from "./BookError.module.css";

/** The book screens' error view: the message and a way back to the books (spec 2). */
export function BookError({ message, backTo = "/books" }: { message: string; backTo?: string }) {
  return (
    <section className={`container ${styles.page}`}>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <ButtonLink to={backTo} variant="secondary">
        Back to Books
      </ButtonLink>
    </section>
  );
}
