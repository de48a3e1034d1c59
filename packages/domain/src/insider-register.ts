/** Where an insider-list entry stands (the register's status filter and each entry's state). */
export const INSIDER_ENTRY_STATUSES = ['current', 'ceased', 'superseded'] as const;
