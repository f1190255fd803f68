import { Link } from "react-router-dom";
import styles from "./Footer.module.css";

export const CONTACT_EMAIL = "hello@readingroom.org.uk";
export const CONTACT_PHONE = "+44 20 7946 0123";

export function Footer() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.heading}>
            Reading Room
          </h2>
          <p className={styles.blurb}>
            A charity project getting real books to children in London schools, started by two Year 12 students and
            funded by a half marathon. Every child deserves a great book.
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className={styles.heading}>
            Quick Links
          </h2>
          <ul className={styles.list}>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/books">Books</Link>
            </li>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <Link to="/about">About</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={styles.heading}>
            Contact
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
            <li>
              <a href={`tel:${CONTACT_PHONE.replace(/\s/g, "")}`}>{CONTACT_PHONE}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className={`container ${styles.copyright}`}>© {new Date().getFullYear()} Reading Room. All rights reserved.</p>
    </footer>
  );
}
