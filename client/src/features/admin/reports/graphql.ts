import { graphql } from "../../../gql";

// The admin's reports: reading, chats and safeguarding over a range of London days, overall and per
// school, and the partner schools to filter by.

export const AdminReportSchoolRowFields = graphql(`
  fragment AdminReportSchoolRowFields on ReportSchoolRow {
    schoolId
    schoolName
    students
    activeStudents
    booksRead
    readingMinutes
    chats
    studentMessages
    moderationEvents
  }
`);

export const AdminReportDocument = graphql(`
  query AdminReport($from: String, $to: String, $schoolId: ID) {
    adminReport(from: $from, to: $to, schoolId: $schoolId) {
      from
      to
      schoolId
      overall {
        ...AdminReportSchoolRowFields
      }
      schools {
        ...AdminReportSchoolRowFields
      }
      mostRead {
        bookId
        title
        author
        reads
      }
      bestRated {
        bookId
        title
        author
        averageRating
        reviews
      }
      moderation {
        type
        category
        severity
        count
      }
      weekly {
        weekStart
        booksRead
      }
    }
  }
`);

export const AdminReportSchoolsDocument = graphql(`
  query AdminReportSchools {
    schools {
      id
      name
    }
  }
`);
