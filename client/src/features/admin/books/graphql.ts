import { graphql } from "../../../gql";

// The admin's catalogue (spec: Admin books): every book in any status, a page at a time, and the
// changes an admin makes to one. Covers and .txt text go over REST with progress (../lib/upload).

export const AdminBooksBookFields = graphql(`
  fragment AdminBooksBookFields on AdminBook {
    id
    title
    author
    category
    genre
    description
    characterList
    publishedYear
    pages
    status
    hasCover
    hasText
    coverUrl
    coverColor
    textSizeBytes
    allSchools
    schoolIds
    updatedAt
    usage {
      readers
      reviews
      chats
    }
  }
`);

export const AdminBooksListDocument = graphql(`
  query AdminBooksList($search: String, $status: BookStatus, $offset: Int, $limit: Int) {
    adminBooks(search: $search, status: $status, offset: $offset, limit: $limit) {
      items {
        ...AdminBooksBookFields
      }
      totalCount
      nextOffset
    }
  }
`);

export const AdminBooksGenresDocument = graphql(`
  query AdminBooksGenres {
    bookGenres
  }
`);

// Asked before adding: the books already in the catalogue with this title and author.
export const AdminBooksSimilarDocument = graphql(`
  query AdminBooksSimilar($title: String!, $author: String!) {
    similarBooks(title: $title, author: $author) {
      id
      title
      author
      status
    }
  }
`);

export const AdminBooksCreateDocument = graphql(`
  mutation AdminBooksCreate($input: BookInput!) {
    createBook(input: $input) {
      ...AdminBooksBookFields
    }
  }
`);

export const AdminBooksUpdateDocument = graphql(`
  mutation AdminBooksUpdate($id: ID!, $input: BookInput!) {
    updateBook(id: $id, input: $input) {
      ...AdminBooksBookFields
    }
  }
`);

export const AdminBooksSetTextDocument = graphql(`
  mutation AdminBooksSetText($id: ID!, $text: String!) {
    setBookText(id: $id, text: $text) {
      ...AdminBooksBookFields
    }
  }
`);

export const AdminBooksPublishDocument = graphql(`
  mutation AdminBooksPublish($id: ID!) {
    publishBook(id: $id) {
      ...AdminBooksBookFields
    }
  }
`);

export const AdminBooksUnpublishDocument = graphql(`
  mutation AdminBooksUnpublish($id: ID!) {
    unpublishBook(id: $id) {
      ...AdminBooksBookFields
    }
  }
`);

export const AdminBooksDeleteDocument = graphql(`
  mutation AdminBooksDelete($id: ID!, $permanently: Boolean) {
    deleteBook(id: $id, permanently: $permanently) {
      outcome
      bookId
      book {
        ...AdminBooksBookFields
      }
    }
  }
`);
