import type { ComponentType } from "react";
import { ButtonLink } from "../../../components/Button";
import { Card } from "../../../components/Card";
import { StatList, type Stat } from "../components/StatList";
import { BookIcon, ChatIcon, CheckIcon, HandshakeIcon, HeartIcon, PeopleIcon, SchoolIcon } from "../components/icons";
import styles from "./LandingPage.module.css";
import { APP_NAME, useDocumentTitle } from "../../../lib/useDocumentTitle";

type Feature = { title: string; text: string; Icon: ComponentType };

// The spec's marketing figures.
const HERO_STATS: readonly Stat[] = [
  { value: "1000+", label: "books for young readers" },
  { value: "19", label: "partner schools" },
  { value: "North & West London", label: "where our schools are" },
];

const MISSION: readonly Feature[] = [
  {
    title: "Diverse Reading",
    text: "Stories by and about people from every background, so every child can see themselves on the page and meet someone new.",
    Icon: BookIcon,
  },
  {
    title: "School Partnerships",
    text: "We work hand in hand with 19 schools across North & West London to put the right books on their shelves.",
    Icon: SchoolIcon,
  },
  {
    title: "Interactive Learning",
    text: "Chat with a book or its characters, read along with an AI voice and share what you think in reviews.",
    Icon: ChatIcon,
  },
  {
    title: "Community Impact",
    text: "Every book we share helps a child become a more confident reader, and confident readers build stronger communities.",
    Icon: HeartIcon,
  },
];

const CULTURE: readonly Feature[] = [
  {
    title: "Community Reading Drives",
    text: "Through community reading drives we collect good books and pass them on, so they find new readers instead of gathering dust.",
    Icon: PeopleIcon,
  },
  {
    title: "Partnerships with Educators",
    text: "Our partnerships with educators, libraries and charities put the right books into the right hands, in school and out of it.",
    Icon: HandshakeIcon,
  },
  {
    title: "Inclusive Book Curation",
    text: "Inclusive book curation means a wide mix of authors, cultures and experiences, for every age and reading level.",
    Icon: BookIcon,
  },
];

const TEACHER_BENEFITS = [
  "Analytics on your students' progress and reading habits",
  "See which books each student has read",
  "Read your students' book chats to help keep them safe",
  "Decide when a restricted student can chat and review again",
  "Real books chosen for your school, ready for your classes",
] as const;

const STUDENT_BENEFITS = [
  "AI chat with characters from your favourite books",
  "Read-along modes with an AI voice",
  "Group discussions with your classmates",
  "Your own dashboard with books read and total reading time",
  "Write reviews and get recommendations for what to read next",
] as const;

function FeatureCards({ features, className }: { features: readonly Feature[]; className?: string }) {
  return (
    <ul className={[styles.cards, className].filter(Boolean).join(" ")}>
      {features.map(({ title, text, Icon }) => (
        <li key={title}>
          <Card className={styles.card}>
            <span className={styles.icon}>
              <Icon />
            </span>
            <h3 className={styles.cardTitle}>{title}</h3>
            <p className={styles.cardText}>{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function BenefitList({ id, title, items }: { id: string; title: string; items: readonly string[] }) {
  return (
    <Card className={styles.benefitCard}>
      <h3 id={id} className={styles.cardTitle}>
        {title}
      </h3>
      <ul className={styles.benefits} aria-labelledby={id}>
        {items.map((item) => (
          <li key={item} className={styles.benefit}>
            <CheckIcon className={styles.check} />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** A small open book with a few sparkles: decoration only. */
function HeroIllustration() {
  return (
    <svg className={styles.illustration} viewBox="0 0 240 180" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="160" rx="96" ry="10" fill="#d6d3cc" />
      <path d="M120 48c-26-16-62-18-92-10v110c30-8 66-6 92 10z" fill="#ffffff" stroke="#1f4e79" strokeWidth="4" />
      <path d="M120 48c26-16 62-18 92-10v110c-30-8-66-6-92 10z" fill="#ffffff" stroke="#1f4e79" strokeWidth="4" />
      <path d="M120 48v110" stroke="#1f4e79" strokeWidth="4" />
      <g stroke="#9fb6cc" strokeWidth="4" strokeLinecap="round">
        <path d="M44 64c20-4 42-3 60 4M44 84c20-4 42-3 60 4M44 104c20-4 42-3 60 4" />
        <path d="M136 68c18-7 40-8 60-4M136 88c18-7 40-8 60-4M136 108c18-7 40-8 60-4" />
      </g>
      <g fill="#b4410f">
        <path d="M70 14l4 9 9 4-9 4-4 9-4-9-9-4 9-4z" />
        <path d="M182 6l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" />
      </g>
      <circle cx="150" cy="26" r="5" fill="#f2a900" />
    </svg>
  );
}

export default function LandingPage() {
  useDocumentTitle(APP_NAME);
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>A charity reading project for London schools</p>
            <h1 id="landing-title" className={styles.title}>
              Every Child Deserves A Great Book
            </h1>
            <p className={styles.lead}>
              Reading Room gets real books into the hands of children from underprivileged backgrounds. It was started
              by two London Year 12 students and funded by a half marathon, so that every pupil at our partner schools
              can find a story they love.
            </p>
            <div className={styles.actions}>
              <ButtonLink to="/login">Go to Student Portal</ButtonLink>
              <ButtonLink to="/howto" variant="secondary">
                How to Use
              </ButtonLink>
              <ButtonLink to="/about" variant="secondary">
                About Our Mission
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration />
        </div>
        <div className="container">
          <StatList stats={HERO_STATS} className={styles.stats} />
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="landing-mission">
        <h2 id="landing-mission" className={styles.sectionTitle}>
          Our Mission
        </h2>
        <p className={styles.sectionLead}>
          We believe a great book can change a child's day, and sometimes their whole future.
        </p>
        <FeatureCards features={MISSION} className={styles.cardsFour} />
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="landing-culture">
        <h2 id="landing-culture" className={styles.sectionTitle}>
          Building a Culture of Reading
        </h2>
        <p className={styles.sectionLead}>
          Books are only the beginning. We want reading to be something children look forward to, at school and at home.
        </p>
        <FeatureCards features={CULTURE} />
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="landing-benefits">
        <h2 id="landing-benefits" className={styles.sectionTitle}>
          {"Benefits for Teachers & Students"}
        </h2>
        <div className={styles.benefitGrid}>
          <BenefitList id="landing-benefits-teachers" title="For Teachers" items={TEACHER_BENEFITS} />
          <BenefitList id="landing-benefits-students" title="For Students" items={STUDENT_BENEFITS} />
        </div>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="landing-cta">
        <div className={styles.cta}>
          <h2 id="landing-cta" className={styles.sectionTitle}>
            Ready to Start Reading?
          </h2>
          <p className={styles.sectionLead}>
            Sign in to the Student Portal to find the books at your school, or learn how Reading Room works.
          </p>
          <div className={`${styles.actions} ${styles.ctaActions}`}>
            <ButtonLink to="/login">Go to Student Portal</ButtonLink>
            <ButtonLink to="/howto" variant="secondary">
              Learn More
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
