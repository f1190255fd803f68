import { useLocation, useNavigate } from "react-router-dom";
import { Button } from "../../../components/Button";
import { CONTACT_EMAIL } from "../../../components/Footer";
import { ExternalLink } from "../components/ExternalLink";
import { ArrowLeftIcon } from "../components/icons";
import styles from "./PrivacyPolicyPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

/**
 * Back goes one step back in history; when this page is the first one of the visit (opened from a bookmark or
 * another site) there is nothing of ours to go back to, so it goes home instead. React Router keys the first
 * entry of a history "default".
 */
function BackButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const goBack = () => {
    if (location.key === "default") {
      navigate("/");
      return;
    }
    navigate(-1);
  };
  return (
    <Button variant="secondary" onClick={goBack}>
      <ArrowLeftIcon />
      Back
    </Button>
  );
}

export default function PrivacyPolicyPage() {
  useDocumentTitle("Privacy Policy");
  return (
    <article className={`container ${styles.page}`}>
      <BackButton />
      <header className={styles.header}>
        <h1>Privacy Policy</h1>
        <p className={styles.lead}>
          This page explains what information Reading Room collects, why we need it, who can see it and what your rights
          are. It is written for students, parents, carers and teachers.
        </p>
      </header>

      <section className={styles.summary} aria-labelledby="privacy-short">
        <h2 id="privacy-short">The Short Version</h2>
        <ul>
          <li>We only collect what we need to run Reading Room for you and your school.</li>
          <li>Your teachers can see the books you read and your book chats, to help you and keep you safe.</li>
          <li>We never sell your information, and we never show you adverts.</li>
          <li>You can ask to see, correct or delete your information at any time.</li>
          <li>
            If something worries you, tell a parent, carer or teacher, or email us at{" "}
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">Who We Are</h2>
        <p>
          Reading Room is a charity project started by two Year 12 students in London to get great books to children in
          our partner schools. We look after the information described on this page, and we follow UK data protection
          law, including the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
      </section>

      <section aria-labelledby="privacy-collect">
        <h2 id="privacy-collect">Information We Collect</h2>
        <ul>
          <li>
            <strong>Your account:</strong> your name, email address, password, your school and whether you are a student
            or a teacher. Your password is stored in a scrambled form that nobody, including us, can read.
          </li>
          <li>
            <strong>Your reading:</strong> the books you mark as read, when you last read them and how long you spent
            reading.
          </li>
          <li>
            <strong>Your reviews:</strong> the star ratings and reviews you write about books.
          </li>
          <li>
            <strong>Your book chats:</strong> the messages you send to our AI reading assistant, about a book or to one
            of its characters, and the replies it gives.
          </li>
          <li>
            <strong>Safety records:</strong> a note of any messages that broke our rules, and whether your account is
            restricted because of them.
          </li>
          <li>
            <strong>Signing in:</strong> a sign-in key and your basic account details, saved in your own browser so you
            stay signed in. Signing out removes them.
          </li>
        </ul>
        <p>
          We do not ask for your home address, phone number, photos or date of birth, and we do not track where you are.
        </p>
      </section>

      <section aria-labelledby="privacy-use">
        <h2 id="privacy-use">How We Use Your Information</h2>
        <ul>
          <li>To create your account and sign you in.</li>
          <li>To show the books available at your school, your dashboard and your book recommendations.</li>
          <li>To let you chat about books with our AI reading assistant.</li>
          <li>To help your teachers follow your reading progress and support you.</li>
          <li>To keep everyone safe, for example by stopping unkind or harmful messages.</li>
          <li>To fix problems and make Reading Room better.</li>
        </ul>
        <p>We never sell your information, use it for adverts or share it with anyone so they can market to you.</p>
      </section>

      <section aria-labelledby="privacy-share">
        <h2 id="privacy-share">Who Can See Your Information</h2>
        <ul>
          <li>
            <strong>Your teachers:</strong> teachers at your own school can see the books you have read and your book
            chats. Teachers at other schools cannot.
          </li>
          <li>
            <strong>Our team:</strong> a small number of people who run Reading Room, only when they need to, for
            example to fix a problem or keep someone safe.
          </li>
          <li>
            <strong>Services that help us run Reading Room:</strong> companies that host our website and store our data,
            and the AI service that writes the assistant's replies. Your chat messages are sent to it to create those
            replies. These services may only use your information to do the job we ask of them.
          </li>
          <li>
            <strong>When the law requires it:</strong> for example, if we must share information to protect a child from
            harm.
          </li>
        </ul>
      </section>

      <section aria-labelledby="privacy-safe">
        <h2 id="privacy-safe">Keeping You Safe</h2>
        <p>
          Our AI assistant only talks about books. We check messages for harmful content. If someone keeps sending
          harmful messages, their account is restricted from sending messages and reviews until a teacher at their
          school lifts the restriction.
        </p>
      </section>

      <section aria-labelledby="privacy-code">
        <h2 id="privacy-code">The Children&apos;s Code</h2>
        <p>
          We follow the Information Commissioner&apos;s Office&apos;s Age Appropriate Design Code, also called the
          Children&apos;s Code. That means:
        </p>
        <ul>
          <li>the best interests of children come first when we design Reading Room;</li>
          <li>privacy is high by default: only your own teachers can see your reading and chats;</li>
          <li>we collect as little information as we can, and keep it only as long as we need it;</li>
          <li>we do not use your information to build profiles for advertising, and we do not track your location;</li>
          <li>we explain things in plain language, like on this page.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-keep">
        <h2 id="privacy-keep">How Long We Keep It</h2>
        <p>
          We keep your information while you have a Reading Room account. If you, your parent or carer, or your school
          asks us to delete your account, we delete your information unless the law says we must keep some of it.
        </p>
      </section>

      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">Your Rights</h2>
        <p>Under UK GDPR, you have the right to:</p>
        <ul>
          <li>know what information we hold about you and get a copy of it;</li>
          <li>ask us to correct anything that is wrong;</li>
          <li>ask us to delete your information;</li>
          <li>ask us to stop or limit how we use it;</li>
          <li>ask for your information in a form you can take somewhere else.</li>
        </ul>
        <p>
          These rights belong to you, whatever your age. A parent, carer or teacher can help you use them. If you are
          unhappy with how we have handled your information, please tell us first. You can also complain to the{" "}
          <ExternalLink href="https://ico.org.uk/make-a-complaint/">
            Information Commissioner&apos;s Office (ICO)
          </ExternalLink>
          , the UK&apos;s data protection regulator.
        </p>
      </section>

      <section className={styles.contact} aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">Contact Us</h2>
        <p>
          For any question about your information or this policy, or to use any of your rights, email us at{" "}
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. We will reply within one month.
        </p>
      </section>

      <section aria-labelledby="privacy-changes">
        <h2 id="privacy-changes">Changes to This Policy</h2>
        <p>
          If we change how we use your information, we will update this page and, for big changes, let you and your
          school know.
        </p>
      </section>
    </article>
  );
}
