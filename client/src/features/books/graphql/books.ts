import { graphql } from "../../../gql";

// Explore Books: one page of the books the student may see, with the filters of the URL.
export const BooksDocument = graphql(`
  query Books($search: String, $category: BookCategory, $genre: String, $sort: BookSort, $first: Int, $after: String) {
    books(search: $search, category: $category, genre: $genre, sort: $sort, first: $first, after: $after) {
      items {
        ...BookCardFields
      }
      nextCursor
      totalCount
    }
  }
`);

export const BookGenresDocument = graphql(`
  query BookGenres {
    bookGenres
  }
`);

export const BookReadingFields = graphql(`
  fragment BookReadingFields on Book {
    id
    reading {
      id
      bookId
      read
      lastReadAt
      readingTime
    }
  }
`);

// The book page: the book and its reviews in one round trip.
export const BookDetailDocument = graphql(`
  query BookDetail($bookId: ID!) {
    book(id: $bookId) {
      id
      title
      author
      category
      genre
      description
      coverUrl
      coverColor
      averageRating
      reviewCount
      characterList
      ...BookReadingFields
    }
    bookReviews(bookId: $bookId) {
      ...ReviewItemFields
    }
  }
`);

export const SetBookReadDocument = graphql(`
  mutation SetBookRead($bookId: ID!, $read: Boolean!) {
    setBookRead(bookId: $bookId, read: $read) {
      id
      bookId
      read
      lastReadAt
      readingTime
    }
  }
`);

// The review page: the book's title and the student's own review, if any, to edit.
export const ReviewFormDocument = graphql(`
  query ReviewForm($bookId: ID!) {
    book(id: $bookId) {
      id
      title
      author
    }
    myReview(bookId: $bookId) {
      id
      rating
      reviewText
    }
  }
`);

export const SubmitReviewDocument = graphql(`
  mutation SubmitReview($bookId: ID!, $rating: Int!, $reviewText: String!) {
    submitReview(bookId: $bookId, rating: $rating, reviewText: $reviewText) {
      bookId
      ...ReviewItemFields
    }
  }
`);
