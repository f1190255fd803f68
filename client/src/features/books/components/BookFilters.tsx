import type { ChangeEvent, FormEvent } from "react";
import { FormField } from "../../../components/FormField";
import { SelectField } from "../../../components/SelectField";
import styles from "./BookFilters.module.css";

export const CATEGORY_OPTIONS = [
  { value: "primary", label: "Primary" },
  { value: "secondary", label: "Secondary" },
] as const;

export type CategoryFilter = (typeof CATEGORY_OPTIONS)[number]["value"];

/** Explore's orders; A to Z is the default, so it stays out of the URL and the request. */
export const SORT_OPTIONS = [
  { value: "", label: "Title (A-Z)" },
  { value: "newest", label: "Newest" },
  { value: "highestRated", label: "Highest rated" },
  { value: "mostRead", label: "Most read at my school" },
] as const;

export type SortChoice = Exclude<(typeof SORT_OPTIONS)[number]["value"], "">;

export const isSortChoice = (value: string | null): value is SortChoice =>
  SORT_OPTIONS.some((option) => option.value !== "" && option.value === value);

export const isCategoryFilter = (value: string | null): value is CategoryFilter =>
  CATEGORY_OPTIONS.some((option) => option.value === value);

/** "non-fiction" reads "Non-fiction". */
export const genreLabel = (genre: string) => genre.charAt(0).toUpperCase() + genre.slice(1);

type BookFiltersProps = {
  search: string;
  category: string;
  genre: string;
  sort: string;
  genres: readonly string[];
  onSearchChange(value: string): void;
  /** Enter in the search box: search now rather than after the pause. */
  onSearchSubmit(): void;
  onCategoryChange(value: string): void;
  onGenreChange(value: string): void;
  onSortChange(value: string): void;
};

/** Search by title or author, Category and Genre, all combinable, and the order of the results. */
export function BookFilters(props: BookFiltersProps) {
  const { search, category, genre, sort, genres } = props;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearchSubmit();
  };
  // A genre in the URL that no book has (any more) still shows as chosen.
  const genreOptions = genre && !genres.includes(genre) ? [...genres, genre] : genres;
  return (
    <form role="search" aria-label="Search books" className={styles.filters} onSubmit={onSubmit}>
      <FormField
        label="Search by title or author"
        id="books-search"
        name="q"
        type="search"
        placeholder="Search by title or author"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={search}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onSearchChange(event.target.value)}
        className={styles.search}
      />
      <SelectField
        label="Category"
        id="books-category"
        name="category"
        value={category}
        onChange={(event) => props.onCategoryChange(event.target.value)}
      >
        <option value="">All Categories</option>
        {CATEGORY_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Genre"
        id="books-genre"
        name="genre"
        value={genre}
        onChange={(event) => props.onGenreChange(event.target.value)}
      >
        <option value="">All Genres</option>
        {genreOptions.map((value) => (
          <option key={value} value={value}>
            {genreLabel(value)}
          </option>
        ))}
      </SelectField>
      <div className={styles.sort}>
        <SelectField
          label="Sort by"
          id="books-sort"
          name="sort"
          value={sort}
          onChange={(event) => props.onSortChange(event.target.value)}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
    </form>
  );
}
