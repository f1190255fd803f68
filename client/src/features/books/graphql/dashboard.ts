import { graphql } from "../../../gql";

// Everything the student dashboard shows, in one round trip.
export const DashboardDocument = graphql(`
  query Dashboard {
    dashboard {
      booksRead
      readingTime
      recentBooks {
        id
        bookId
        read
        lastReadAt
        readingTime
        book {
          ...BookCardFields
        }
      }
      recommendations {
        reason
        reasonText
        book {
          ...BookCardFields
        }
      }
    }
  }
`);
