// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import HowToPage from "./HowToPage";

afterEach(cleanup);

function renderHowTo() {
  render(
    <MemoryRouter initialEntries={["/howto"]}>
      <HowToPage />
    </MemoryRouter>,
  );
}

describe("HowToPage", () => {
  it("names the browser tab 'How to Use - Reading Room'", () => {
    document.title = "Somewhere else - Reading Room";
    renderHowTo();
    expect(document.title).toBe("How to Use - Reading Room");
  });

  it("has one h1 and the three steps in order", () => {
    renderHowTo();
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["How to Use Reading Room"]);
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Step 1: Sign up and choose your school",
      "Step 2: Explore your dashboard",
      "Step 3: View and choose a book",
      "Got an idea for a new feature?",
    ]);
    // The steps are an ordered list, one item per step.
    const stepList = document.querySelector("ol") as HTMLElement;
    expect(within(stepList).getAllByRole("heading", { level: 2 })).toHaveLength(3);
  });

  it("tells teachers to email for their sign-up code", () => {
    renderHowTo();
    const note = screen.getByRole("heading", { level: 3, name: "Are you a teacher?" }).parentElement as HTMLElement;
    expect(note.textContent).toMatch(/special sign-up code/);
    expect(within(note).getByRole("link", { name: "hello@readingroom.org.uk" }).getAttribute("href")).toBe(
      "mailto:hello@readingroom.org.uk",
    );
  });

  it("describes the dashboard and the book page", () => {
    renderHowTo();
    const text = document.body.textContent ?? "";
    for (const phrase of [
      "how many books you have read",
      "total reading time",
      "books you read most recently",
      "recommendations",
      "reviews",
      "mark it as read",
      "chat with the book",
      "choose a character and chat with them",
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it("links to registration and invites feature requests by email", () => {
    renderHowTo();
    expect(screen.getByRole("link", { name: "Register" }).getAttribute("href")).toBe("/register");
    const feedback = screen.getByRole("region", { name: "Got an idea for a new feature?" });
    expect(feedback.textContent).toMatch(/feature requests/);
    expect(within(feedback).getByRole("link", { name: "hello@readingroom.org.uk" })).toBeTruthy();
  });
});
