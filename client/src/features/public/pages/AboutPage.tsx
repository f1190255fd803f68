import { ButtonLink } from "../../../components/Button";
import { AboutCarousel, type StoryPage } from "../components/AboutCarousel";
import { ExternalLink } from "../components/ExternalLink";
import { HalfMarathonScene } from "../components/HalfMarathonScene";
import { StatList, type Stat } from "../components/StatList";
import styles from "./AboutPage.module.css";
import { useDocumentTitle } from "../../../lib/useDocumentTitle";

const RACE_STATS: readonly Stat[] = [
  { value: "21.8 km", spokenValue: "21.8 kilometres", label: "run from start to finish" },
  { value: "6:07 min/km", spokenValue: "6 minutes 7 seconds per kilometre", label: "average pace" },
  { value: "£10,000", label: "raised for a children's charity" },
];

const PARTNERS = [
  {
    name: "National Literacy Trust",
    href: "https://literacytrust.org.uk",
    description:
      "A charity helping children and families across the UK build the reading and writing skills they need.",
  },
  {
    name: "BookTrust",
    href: "https://www.booktrust.org.uk",
    description: "A children's reading charity that helps families share books and stories from the very start.",
  },
] as const;

const STORY_PAGES: readonly StoryPage[] = [
  {
    id: "our-story",
    title: "Our Story",
    content: (
      <>
        <p>
          Reading Room was founded by two Year 12 students from London. We grew up with books all around us, and we
          noticed that lots of children near us didn't have the same chance: some school libraries had only a few
          shelves, and many of the books were old and worn out.
        </p>
        <p>
          So we set ourselves a goal: to get great books to children from underprivileged backgrounds, and to make
          reading feel exciting again. Every child deserves a great book.
        </p>
      </>
    ),
  },
  {
    id: "half-marathon",
    title: "Our Half Marathon",
    content: (
      <figure className={styles.figure}>
        <HalfMarathonScene />
        <figcaption className={styles.caption}>
          To get Reading Room started, we trained for months and ran a half marathon through London. Our legs ached for
          days, but every step was worth it.
        </figcaption>
      </figure>
    ),
  },
  {
    id: "by-the-numbers",
    title: "Race Day in Numbers",
    content: (
      <>
        <StatList stats={RACE_STATS} />
        <p className={styles.thanks}>
          Thank you to every friend, family member, teacher and neighbour who sponsored us. You made it happen!
        </p>
      </>
    ),
  },
  {
    id: "testimonial",
    title: "In Their Words",
    // Placeholder testimonial: replace with a real student's words (shared with permission) before launch.
    content: (
      <figure className={styles.quote}>
        <blockquote>
          <p>
            “I used to think reading was boring. Then I got to ask a character from my book why she made a choice I
            didn't agree with, and she answered me! Now I read every night, and I've already finished five books this
            term.”
          </p>
        </blockquote>
        <figcaption className={styles.caption}>Maya, Year 6 student</figcaption>
      </figure>
    ),
  },
  {
    id: "partners",
    title: "Our Partners",
    content: (
      <>
        <p>
          We couldn't do this alone. These organisations help children across the UK discover the joy of reading. Visit
          them to find out more about their work.
        </p>
        <ul className={styles.partners}>
          {PARTNERS.map((partner) => (
            <li key={partner.name} className={styles.partner}>
              <ExternalLink href={partner.href} className={styles.partnerLink}>
                {partner.name}
              </ExternalLink>
              <p className={styles.partnerText}>{partner.description}</p>
            </li>
          ))}
        </ul>
      </>
    ),
  },
];

export default function AboutPage() {
  useDocumentTitle("About");
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.intro}>
        <h1>About Reading Room</h1>
        <p className={styles.lead}>
          How two London students, one half marathon and a lot of books came together to get children reading.
        </p>
      </header>
      <AboutCarousel label="Our story" pages={STORY_PAGES} />
      <p className={styles.hint}>
        Tip: use the Previous and Next buttons, the page dots, or the left and right arrow keys to turn the pages.
      </p>
      <section className={styles.next} aria-labelledby="about-next">
        <h2 id="about-next">Want to Get Started?</h2>
        <p>Find out how to sign up, choose your school and pick your first book.</p>
        <ButtonLink to="/howto">How to Use</ButtonLink>
      </section>
    </div>
  );
}
