/** KPI requests' states (decision 0026); the schemas are in contract/kpi-requests.ts. */

/** `expired` is a request still waiting for an answer whose link has run out. */
export const KPI_REQUEST_STATUSES = ['sent', 'submitted', 'accepted', 'rejected', 'expired', 'cancelled'] as const;
export type KpiRequestStatus = (typeof KPI_REQUEST_STATUSES)[number];
export const KPI_REQUEST_STATUS_LABELS: Record<KpiRequestStatus, string> = {
  sent: 'Sent',
  submitted: 'Submitted',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** A request still waiting on someone: the company to answer, or staff to review the answer (OPEN_LABELS: Active). */
export const OPEN_KPI_REQUEST_STATUSES = ['sent', 'submitted'] as const satisfies readonly KpiRequestStatus[];
export const isOpenKpiRequest = (status: KpiRequestStatus) => (OPEN_KPI_REQUEST_STATUSES as readonly string[]).includes(status);
