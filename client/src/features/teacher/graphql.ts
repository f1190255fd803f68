import { graphql } from "../../gql";

// The teacher dashboard: the school's students and open safeguarding alerts in one query, each
// student's chats page by page, and the school's activity live.

export const SafeguardingAlertFields = graphql(`
  fragment SafeguardingAlertFields on ModerationAlert {
    id
    type
    label
    severity
    category
    reason
    messageExcerpt
    studentId
    studentDisplayName
    chatId
    bookId
    bookTitle
    strikeCount
    blocked
    createdAt
    reviewedAt
    reviewedByName
  }
`);

export const StudentCardFields = graphql(`
  fragment StudentCardFields on SchoolStudent {
    id
    displayName
    email
    status
    lastActiveAt
    moderation {
      strikeCount
      blocked
      blockedAt
      blockReason
    }
    booksReadCount
    readingMinutes
    booksRead {
      bookId
      title
      author
      lastReadAt
    }
    chatCount
    messageCount
    lastChatAt
  }
`);

export const TeacherDashboardDocument = graphql(`
  query TeacherDashboard($search: String, $sort: StudentSort, $offset: Int, $limit: Int) {
    teacherDashboard(search: $search, sort: $sort, offset: $offset, limit: $limit) {
      school {
        id
        name
      }
      totalStudents
      matchingStudents
      nextOffset
      students {
        ...StudentCardFields
      }
      alerts {
        ...SafeguardingAlertFields
      }
      openAlertCount
    }
  }
`);

export const TeacherChatFields = graphql(`
  fragment TeacherChatFields on TeacherChat {
    id
    userId
    studentDisplayName
    bookId
    bookTitle
    characterName
    messageCount
    lastUpdated
    summary
  }
`);

export const TeacherChatsDocument = graphql(`
  query TeacherChats($userId: ID, $limit: Int, $cursor: String) {
    teacherChats(userId: $userId, limit: $limit, cursor: $cursor) {
      items {
        ...TeacherChatFields
      }
      nextCursor
    }
  }
`);

export const UnblockStudentDocument = graphql(`
  mutation UnblockStudent($userId: ID!) {
    unblockStudent(userId: $userId) {
      uid
      moderation {
        strikeCount
        blocked
        blockedAt
        blockReason
      }
    }
  }
`);

export const SafeguardingAlertsDocument = graphql(`
  subscription SafeguardingAlerts {
    moderationAlerts {
      ...SafeguardingAlertFields
    }
  }
`);

export const SchoolActivityDocument = graphql(`
  subscription SchoolActivity {
    schoolActivity {
      chat {
        ...TeacherChatFields
      }
      studentChatCount
      studentMessageCount
    }
  }
`);
