// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import LandingPage from "./LandingPage";

afterEach(cleanup);

function LocationDisplay() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderLanding() {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
  return { user };
}

function section(name: string) {
  return screen.getByRole("region", { name });
}

function hrefOf(link: HTMLElement) {
  return link.getAttribute("href");
}

describe("LandingPage", () => {
  it("names the browser tab 'Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderLanding();
    expect(document.title).toBe("Reading Room");
  });

  it("has the hero headline as its only h1", () => {
    renderLanding();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual([
      "Every Child Deserves A Great Book",
    ]);
  });

  it("shows the three marketing figures", () => {
    renderLanding();
    const hero = section("Every Child Deserves A Great Book");
    const stats = within(hero)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(stats).toHaveLength(3);
    expect(stats[0]).toMatch(/^1000\+ books/);
    expect(stats[1]).toMatch(/^19 partner schools/);
    expect(stats[2]).toMatch(/^North & West London/);
  });

  it("links the hero buttons to the login, how-to and about pages", () => {
    renderLanding();
    const hero = section("Every Child Deserves A Great Book");
    expect(hrefOf(within(hero).getByRole("link", { name: "Go to Student Portal" }))).toBe("/login");
    expect(hrefOf(within(hero).getByRole("link", { name: "How to Use" }))).toBe("/howto");
    expect(hrefOf(within(hero).getByRole("link", { name: "About Our Mission" }))).toBe("/about");
  });

  it("navigates when a button link is followed", async () => {
    const { user } = renderLanding();
    await user.click(screen.getByRole("link", { name: "About Our Mission" }));
    expect(screen.getByTestId("location").textContent).toBe("/about");
  });

  it("has an Our Mission section with its four cards", () => {
    renderLanding();
    const mission = section("Our Mission");
    expect(
      within(mission)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Diverse Reading", "School Partnerships", "Interactive Learning", "Community Impact"]);
  });

  it("has a Building a Culture of Reading section with three cards covering drives, partnerships and curation", () => {
    renderLanding();
    const culture = section("Building a Culture of Reading");
    expect(within(culture).getAllByRole("heading", { level: 3 })).toHaveLength(3);
    const text = culture.textContent?.toLowerCase() ?? "";
    expect(text).toContain("community reading drives");
    expect(text).toContain("partnerships with educators, libraries and charities");
    expect(text).toContain("inclusive book curation");
  });

  it("lists five benefits for teachers and five for students", () => {
    renderLanding();
    const benefits = section("Benefits for Teachers & Students");
    const teachers = within(benefits).getByRole("list", { name: "For Teachers" });
    const students = within(benefits).getByRole("list", { name: "For Students" });
    expect(within(teachers).getAllByRole("listitem")).toHaveLength(5);
    expect(within(students).getAllByRole("listitem")).toHaveLength(5);
    expect(teachers.textContent).toMatch(/progress and reading habits/);
    expect(students.textContent).toMatch(/AI chat with characters/);
    expect(students.textContent).toMatch(/Read-along modes with an AI voice/);
    expect(students.textContent).toMatch(/Group discussions/);
  });

  it("closes with Go to Student Portal and Learn More", () => {
    renderLanding();
    const cta = section("Ready to Start Reading?");
    expect(hrefOf(within(cta).getByRole("link", { name: "Go to Student Portal" }))).toBe("/login");
    expect(hrefOf(within(cta).getByRole("link", { name: "Learn More" }))).toBe("/howto");
  });

  it("uses one h2 per section, in order", () => {
    renderLanding();
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Our Mission",
      "Building a Culture of Reading",
      "Benefits for Teachers & Students",
      "Ready to Start Reading?",
    ]);
  });
});
