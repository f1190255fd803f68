import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { AutoGrowTextarea } from "../../../components/AutoGrowTextarea";
import { Button } from "../../../components/Button";
import frame from "../../../components/Dialog.module.css";
import { FieldError, FieldLabel } from "../../../components/FieldParts";
import { FormField } from "../../../components/FormField";
import { SelectField } from "../../../components/SelectField";
import { Spinner } from "../../../components/Spinner";
import type {
  AdminBooksBookFieldsFragment,
  AdminBooksSimilarQuery,
  BookCategory,
  BookInput,
} from "../../../gql/graphql";
import { errorMessage, fieldErrors } from "../../../lib/errors";
import { SchoolsDocument } from "../../auth/graphql/auth";
import { CoverSection, PublishSection, TextSection } from "./BookMediaSections";
import styles from "./BookDialogs.module.css";
import ownStyles from "./BookFormDialog.module.css";
import { CATEGORIES, CATEGORY_LABELS, parseCharacters, quoted, STANDARD_GENRES } from "./format";
import {
  AdminBooksCreateDocument,
  AdminBooksGenresDocument,
  AdminBooksSimilarDocument,
  AdminBooksUpdateDocument,
} from "./graphql";
import { useModalDialog } from "../../../lib/useModalDialog";

// The server's messages for the same rules (server/src/modules/admin/admin-books.service.ts).
export const TITLE_REQUIRED = "Title is required";
export const AUTHOR_REQUIRED = "Author is required";
export const PAGES_MESSAGE = "Pages must be a whole number from 1 to 100000";
export const SCHOOLS_REQUIRED = "Choose at least one school, or all schools";
export const SAVE_FAILED = "Failed to save the book";
export const SCHOOLS_LOAD_ERROR = "Failed to load schools.";
const MIN_PUBLISHED_YEAR = -3000;
const MAX_PAGES = 100_000;
const NO_GENRES: string[] = [];

export function publishedYearMessage(now = new Date()): string {
  return `Published year must be a whole number up to ${now.getFullYear() + 1}`;
}

type SimilarBook = AdminBooksSimilarQuery["similarBooks"][number];

/** The question 'Add New Book' asks when the catalogue already has the book (in any status). */
export function duplicateWarning(book: Pick<SimilarBook, "title" | "author" | "status">): string {
  return `A book called ${quoted(book.title)} by ${book.author} is already in the catalogue (${book.status}). Add it anyway?`;
}

type Values = {
  title: string;
  author: string;
  publishedYear: string;
  pages: string;
  category: BookCategory;
  genre: string;
  description: string;
  characters: string;
  allSchools: boolean;
  schoolIds: string[];
};

/** The form's fields in the server's names (its `extensions.fields` keys). */
type Field = keyof BookInput;
type Errors = Partial<Record<Field, string>>;
const FIELD_ORDER: Field[] = [
  "title",
  "author",
  "publishedYear",
  "pages",
  "category",
  "genre",
  "description",
  "characterList",
  "allSchools",
  "schoolIds",
];

function valuesOf(book: AdminBooksBookFieldsFragment | null): Values {
  return {
    title: book?.title ?? "",
    author: book?.author ?? "",
    publishedYear: book?.publishedYear?.toString() ?? "",
    pages: book?.pages?.toString() ?? "",
    category: book?.category ?? "primary",
    genre: book?.genre ?? "fiction",
    description: book?.description ?? "",
    characters: book?.characterList.join("\n") ?? "",
    allSchools: book?.allSchools ?? true,
    schoolIds: book?.schoolIds ?? [],
  };
}

const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The rules the server applies, checked first so the common mistakes are caught without a round trip. */
function validate(values: Values, now = new Date()): Errors {
  const errors: Errors = {};
  if (!values.title.trim()) {
    errors.title = TITLE_REQUIRED;
  }
  if (!values.author.trim()) {
    errors.author = AUTHOR_REQUIRED;
  }
  if (values.publishedYear.trim()) {
    const year = wholeNumber(values.publishedYear);
    if (!Number.isInteger(year) || year < MIN_PUBLISHED_YEAR || year > now.getFullYear() + 1) {
      errors.publishedYear = publishedYearMessage(now);
    }
  }
  if (values.pages.trim()) {
    const pages = wholeNumber(values.pages);
    if (!Number.isInteger(pages) || pages < 1 || pages > MAX_PAGES) {
      errors.pages = PAGES_MESSAGE;
    }
  }
  if (!values.allSchools && values.schoolIds.length === 0) {
    errors.schoolIds = SCHOOLS_REQUIRED;
  }
  return errors;
}

function toInput(values: Values): BookInput {
  return {
    title: values.title.trim(),
    author: values.author.trim(),
    publishedYear: values.publishedYear.trim() ? wholeNumber(values.publishedYear) : null,
    pages: values.pages.trim() ? wholeNumber(values.pages) : null,
    category: values.category,
    genre: values.genre.trim() || null,
    description: values.description.trim(),
    characterList: parseCharacters(values.characters),
    allSchools: values.allSchools,
    schoolIds: values.allSchools ? [] : values.schoolIds,
  };
}

/**
 * 'Add New Book' and Edit in one modal. A new book is created as a draft and the dialog stays open on
 * it, so its cover and text can be uploaded and it can be published; editing saves and closes.
 */
export function BookFormDialog({
  book,
  knownGenres = NO_GENRES,
  onClose,
  onCreated,
  onSaved,
}: {
  /** The book to edit (its row), or null to add one. */
  book: AdminBooksBookFieldsFragment | null;
  /** Genres in use, besides the spec's and those of published books. */
  knownGenres?: string[];
  onClose: () => void;
  onCreated: (book: AdminBooksBookFieldsFragment) => void;
  onSaved: (book: AdminBooksBookFieldsFragment) => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const fieldId = (field: string) => `${id}-${field}`;
  const dialogProps = useModalDialog({ onClose });
  const [current, setCurrent] = useState(book);
  const [created, setCreated] = useState(false);
  const [values, setValues] = useState(() => valuesOf(book));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createBook, createState] = useMutation(AdminBooksCreateDocument);
  const [updateBook, updateState] = useMutation(AdminBooksUpdateDocument);
  const genresQuery = useQuery(AdminBooksGenresDocument);
  const schoolsQuery = useQuery(SchoolsDocument, { skip: values.allSchools });
  const client = useApolloClient();
  const [checking, setChecking] = useState(false);
  // The book the admin is adding, held while they answer whether to add it beside its double.
  const [duplicate, setDuplicate] = useState<{ question: string; input: BookInput } | null>(null);
  // Where the focus goes once the question appears or goes (its buttons come and go).
  const focusNext = useRef<string | null>(null);
  const busy = createState.loading || updateState.loading || checking;

  useEffect(() => {
    if (focusNext.current) {
      document.getElementById(focusNext.current)?.focus();
      focusNext.current = null;
    }
  }, [duplicate]);

  const genres = useMemo(
    () =>
      [...new Set([...STANDARD_GENRES, ...(genresQuery.data?.bookGenres ?? []), ...knownGenres])].sort((a, b) =>
        a.localeCompare(b),
      ),
    [genresQuery.data, knownGenres],
  );

  function change<K extends keyof Values>(key: K, value: Values[K], field: Field) {
    setValues((v) => ({ ...v, [key]: value }));
    // Another title or author: another question, asked at the next 'Add book'.
    if (key === "title" || key === "author") {
      setDuplicate(null);
    }
    // A field's error clears when it is edited (spec 4: Forms).
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }

  function focusFirst(found: Errors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) {
      return;
    }
    const target =
      first === "schoolIds"
        ? (document.querySelector<HTMLElement>(`[data-school-list="${id}"] input`) ??
          document.getElementById(fieldId("allSchools")))
        : document.getElementById(fieldId(first === "characterList" ? "characters" : first));
    target?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) {
      return;
    }
    setFormError(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const input = toInput(values);
    if (current) {
      try {
        const { data } = await updateBook({ variables: { id: current.id, input } });
        if (!data) {
          setFormError(SAVE_FAILED);
          return;
        }
        onSaved(data.updateBook);
      } catch (error) {
        showSaveError(error);
      }
      return;
    }
    const double = await findDouble(input);
    if (double) {
      focusNext.current = fieldId("keep-out");
      setDuplicate({ question: duplicateWarning(double), input });
      return;
    }
    await add(input);
  }

  /** The book already in the catalogue under this title and author, if any. */
  async function findDouble(input: BookInput): Promise<SimilarBook | null> {
    setChecking(true);
    try {
      const { data } = await client.query({
        query: AdminBooksSimilarDocument,
        variables: { title: input.title, author: input.author },
        fetchPolicy: "network-only",
      });
      return data?.similarBooks[0] ?? null;
    } catch {
      // The question is advice: without an answer the book is added as before.
      return null;
    } finally {
      setChecking(false);
    }
  }

  async function add(input: BookInput) {
    try {
      const { data } = await createBook({ variables: { input } });
      if (!data) {
        setFormError(SAVE_FAILED);
        return;
      }
      setCurrent(data.createBook);
      setValues(valuesOf(data.createBook));
      setCreated(true);
      onCreated(data.createBook);
    } catch (error) {
      showSaveError(error);
    }
  }

  function addAnyway() {
    if (!duplicate || busy) {
      return;
    }
    focusNext.current = fieldId("submit");
    setDuplicate(null);
    void add(duplicate.input);
  }

  function keepOut() {
    focusNext.current = fieldId("title");
    setDuplicate(null);
  }

  function showSaveError(error: unknown) {
    const fromServer = fieldErrors(error);
    const shown: Errors = {};
    for (const field of FIELD_ORDER) {
      if (fromServer[field]) {
        shown[field] = fromServer[field];
      }
    }
    setErrors(shown);
    if (Object.keys(shown).length === 0) {
      setFormError(errorMessage(error, SAVE_FAILED));
    } else {
      focusFirst(shown);
    }
  }

  const schoolIds = new Set(values.schoolIds);
  const schools = schoolsQuery.data?.schools ?? [];

  return (
    <dialog {...dialogProps} className={`${frame.dialog} ${styles.dialog}`} aria-labelledby={headingId}>
      <div className={frame.top}>
        <h2 id={headingId} className={frame.heading}>
          {current ? "Edit book" : "Add New Book"}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {current ? null : (
        <p className={styles.muted}>
          A new book starts as a draft: students see it only once it has a cover image and its text and you publish it.
          After adding it you can upload both here.
        </p>
      )}
      <p className={created ? "notice notice--success" : styles.done} role="status">
        {created && current
          ? `${quoted(current.title)} was added as a draft. Add its cover image and text below, then publish it.`
          : ""}
      </p>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className={styles.grid}>
          <FormField
            id={fieldId("title")}
            name="title"
            label="Title"
            required
            maxLength={200}
            value={values.title}
            error={errors.title}
            onChange={(event) => change("title", event.target.value, "title")}
            data-autofocus
          />
          <FormField
            id={fieldId("author")}
            name="author"
            label="Author"
            required
            maxLength={200}
            value={values.author}
            error={errors.author}
            onChange={(event) => change("author", event.target.value, "author")}
          />
          <FormField
            id={fieldId("publishedYear")}
            name="publishedYear"
            label="Published year"
            type="number"
            inputMode="numeric"
            step={1}
            value={values.publishedYear}
            error={errors.publishedYear}
            onChange={(event) => change("publishedYear", event.target.value, "publishedYear")}
          />
          <FormField
            id={fieldId("pages")}
            name="pages"
            label="Pages"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_PAGES}
            step={1}
            value={values.pages}
            error={errors.pages}
            onChange={(event) => change("pages", event.target.value, "pages")}
          />
          <SelectField
            id={fieldId("category")}
            name="category"
            label="Category"
            value={values.category}
            error={errors.category}
            onChange={(event) => change("category", event.target.value as BookCategory, "category")}
          >
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </SelectField>
          <FormField
            id={fieldId("genre")}
            name="genre"
            label="Genre"
            hint="Choose one or type a new genre."
            list={fieldId("genres")}
            maxLength={40}
            autoComplete="off"
            value={values.genre}
            error={errors.genre}
            onChange={(event) => change("genre", event.target.value, "genre")}
          />
          <datalist id={fieldId("genres")}>
            {genres.map((genre) => (
              <option key={genre} value={genre} />
            ))}
          </datalist>
        </div>
        <div className={styles.textField}>
          <FieldLabel htmlFor={fieldId("description")} label="Description" />
          <AutoGrowTextarea
            id={fieldId("description")}
            name="description"
            maxLength={5000}
            value={values.description}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${fieldId("description")}-error` : undefined}
            onChange={(event) => change("description", event.target.value, "description")}
          />
          <FieldError id={`${fieldId("description")}-error`} error={errors.description} />
        </div>
        <div className={styles.textField}>
          <FieldLabel htmlFor={fieldId("characters")} label="Characters" />
          <p id={`${fieldId("characters")}-hint`} className={styles.muted}>
            One per line, or separated by commas. Students can chat with each of them.
          </p>
          <AutoGrowTextarea
            id={fieldId("characters")}
            name="characters"
            value={values.characters}
            aria-invalid={errors.characterList ? true : undefined}
            aria-describedby={[
              `${fieldId("characters")}-hint`,
              errors.characterList ? `${fieldId("characters")}-error` : null,
            ]
              .filter(Boolean)
              .join(" ")}
            onChange={(event) => change("characters", event.target.value, "characterList")}
          />
          <FieldError id={`${fieldId("characters")}-error`} error={errors.characterList} />
        </div>
        <fieldset
          className={styles.fieldset}
          aria-describedby={errors.schoolIds ? `${fieldId("schoolIds")}-error` : undefined}
        >
          <legend className={styles.label}>Schools</legend>
          <label className={styles.check}>
            <input
              id={fieldId("allSchools")}
              type="checkbox"
              checked={values.allSchools}
              onChange={(event) => {
                change("allSchools", event.target.checked, "allSchools");
                setErrors((e) => (e.schoolIds ? { ...e, schoolIds: undefined } : e));
              }}
            />
            All schools
          </label>
          {values.allSchools ? null : schoolsQuery.data ? (
            <ul className={styles.schoolList} data-school-list={id} aria-label="Schools holding this book">
              {schools.map((school) => (
                <li key={school.id}>
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={schoolIds.has(school.id)}
                      onChange={(event) =>
                        change(
                          "schoolIds",
                          event.target.checked
                            ? [...values.schoolIds, school.id]
                            : values.schoolIds.filter((schoolId) => schoolId !== school.id),
                          "schoolIds",
                        )
                      }
                    />
                    {school.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : schoolsQuery.error ? (
            <div className={styles.inlineError}>
              <p className="notice notice--error" role="alert">
                {SCHOOLS_LOAD_ERROR}
              </p>
              <Button variant="secondary" onClick={() => void schoolsQuery.refetch().catch(() => undefined)}>
                Try Again
              </Button>
            </div>
          ) : (
            <Spinner label="Loading schools…" size={24} />
          )}
          <FieldError id={`${fieldId("schoolIds")}-error`} error={errors.schoolIds} />
        </fieldset>
        {duplicate ? (
          <div className={ownStyles.duplicate} role="alert">
            <p>{duplicate.question}</p>
            <div className={frame.actions}>
              <Button id={fieldId("keep-out")} variant="secondary" onClick={keepOut}>
                Cancel
              </Button>
              <Button onClick={addAnyway}>Add anyway</Button>
            </div>
          </div>
        ) : (
          <div className={frame.actions}>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button id={fieldId("submit")} type="submit" disabled={busy}>
              {current ? (busy ? "Saving…" : "Save changes") : busy ? "Adding…" : "Add book"}
            </Button>
          </div>
        )}
      </form>
      {current ? (
        <>
          <CoverSection book={current} onBookChange={setCurrent} />
          <TextSection book={current} onBookChange={setCurrent} />
          <PublishSection book={current} onBookChange={setCurrent} />
        </>
      ) : null}
    </dialog>
  );
}
