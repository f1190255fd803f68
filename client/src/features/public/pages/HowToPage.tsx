import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router-dom";
import { ButtonLink } from "../../../components/Button";
import { CONTACT_EMAIL } from "../../../components/Footer";
import { BookIcon, MailIcon, SchoolIcon, SparkIcon } from "../components/icons";
import styles from "./HowToPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

type Step = { id: string; title: string; Icon: ComponentType; body: ReactNode };

const mailLink = <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;

const STEPS: readonly Step[] = [
  {
    id: "sign-up",
    title: "Sign up and choose your school",
    Icon: SchoolIcon,
    body: (
      <>
        <p>
          Go to <Link to="/register">Register</Link> and fill in your full name, your email address and a password of at
          least 6 characters. Then choose your school from the list, so you see the books that are available there.
        </p>
        <div className={styles.note}>
          <h3 className={styles.noteTitle}>Are you a teacher?</h3>
          <p>
            Teachers need a special sign-up code. Email us at {mailLink} and we&apos;ll send it to you. Then choose
            &ldquo;Teacher&rdquo; when you register and enter the code.
          </p>
        </div>
      </>
    ),
  },
  {
    id: "dashboard",
    title: "Explore your dashboard",
    Icon: SparkIcon,
    body: (
      <>
        <p>After you sign in, your dashboard is your own reading home. It shows:</p>
        <ul className={styles.list}>
          <li>how many books you have read;</li>
          <li>your total reading time;</li>
          <li>the books you read most recently, so you can pick up where you left off;</li>
          <li>recommendations for what to read next.</li>
        </ul>
      </>
    ),
  },
  {
    id: "choose-a-book",
    title: "View and choose a book",
    Icon: BookIcon,
    body: (
      <>
        <p>
          Open Explore Books to see the books at your school. Search by title or author, or narrow the list by category
          and genre. Choose a book to open its page, where you can:
        </p>
        <ul className={styles.list}>
          <li>read what other students thought of it in their reviews, and write your own with a star rating;</li>
          <li>mark it as read when you finish, so it counts on your dashboard;</li>
          <li>chat with the book to ask about its story, or choose a character and chat with them.</li>
        </ul>
        <p>
          Be kind in your chats and reviews. Harmful messages can lead to your account being restricted until a teacher
          lifts it.
        </p>
      </>
    ),
  },
];

export default function HowToPage() {
  useDocumentTitle("How to Use");
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>How to Use Reading Room</h1>
        <p className={styles.lead}>Three simple steps to find your next favourite book.</p>
      </header>

      <ol className={styles.steps}>
        {STEPS.map(({ id, title, Icon, body }, index) => (
          <li key={id} className={styles.step}>
            <div className={styles.marker} aria-hidden="true">
              <span className={styles.number}>{index + 1}</span>
              <Icon />
            </div>
            <div className={styles.content}>
              <h2 id={`howto-${id}`} className={styles.stepTitle}>
                <span className="visually-hidden">Step {index + 1}: </span>
                {title}
              </h2>
              {body}
            </div>
          </li>
        ))}
      </ol>

      <section className={styles.feedback} aria-labelledby="howto-feedback">
        <MailIcon className={styles.feedbackIcon} />
        <div>
          <h2 id="howto-feedback" className={styles.stepTitle}>
            Got an idea for a new feature?
          </h2>
          <p>
            We&apos;d love to hear it! Email your feature requests to {mailLink} and tell us what would make Reading
            Room even better for you.
          </p>
        </div>
      </section>

      <div className={styles.actions}>
        <ButtonLink to="/register">Create an Account</ButtonLink>
        <ButtonLink to="/login" variant="secondary">
          Go to Student Portal
        </ButtonLink>
      </div>
    </div>
  );
}
