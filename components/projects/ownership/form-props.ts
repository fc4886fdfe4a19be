import type { ProjectOwnershipView } from '@/lib/swr/use-ownership';

/** What both ownership forms are given: the project, its ownership as loaded, and whether the caller may change it. */
export type OwnershipFormProps = { projectId: string; ownership: ProjectOwnershipView; manage: boolean };
