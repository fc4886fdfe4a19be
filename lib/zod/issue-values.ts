// An issue's statuses and levels: what the schemas, the search language and the services all name.
export const ISSUE_STATUSES = ['UNRESOLVED', 'RESOLVED', 'IGNORED'] as const;
export const LEVELS = ['FATAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG'] as const;

export type IssueStatusValue = (typeof ISSUE_STATUSES)[number];
export type LevelValue = (typeof LEVELS)[number];
