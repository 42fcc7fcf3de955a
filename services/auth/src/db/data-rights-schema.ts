import type { ConsentChannel, ConsentPurpose, DataRequestStatus, DataRequestType } from '@akhada/contracts';

/** The consent ledger and the data-rights desk (migration 0008_consent_ledger_data_rights). */
export interface DataRightsTables {
  /** Append-only: a row is never updated or deleted (a withdrawal is a new row with granted = false). */
  consent_records: {
    id: string;
    org_id: string;
    user_id: string;
    purpose: ConsentPurpose;
    granted: boolean;
    channel: ConsentChannel;
    /** Who recorded it (the person, or staff on their behalf). */
    actor_id: string | null;
    recorded_at: Date;
    /** The event it was recorded from (unique: a redelivery adds nothing). */
    source_event_id: string | null;
  };
  data_requests: {
    id: string;
    org_id: string;
    user_id: string;
    requester_name: string;
    type: DataRequestType;
    details: string;
    status: DataRequestStatus;
    created_at: Date;
    due_at: Date;
    closed_at: Date | null;
    note: string | null;
    decided_by: string | null;
    /** The member's email, kept to tell them an erasure is done (their account is erased by then). */
    notify_email: string | null;
  };
  /** The services that have confirmed an erasure (`<service>.person_erased`). */
  data_request_erasures: { request_id: string; service: string; erased_at: Date };
}
