-- An investor's records are kept at least five years after the relationship ends (decision 0033).
-- The application works out the exact end (account closed and the last holding realised) and
-- refuses first, naming the date; the database keeps the part it can check on its own: nothing of
-- an investor's evidence pack — the account, categorisations, appropriateness attempts, documents
-- on their record — is removed while the account is open or was closed less than five years ago.
-- Removing records inside the period means dropping these triggers under change control.
CREATE OR REPLACE FUNCTION refuse_removing_retained_investor_records() RETURNS trigger AS $$
DECLARE
  investor_id integer;
  closed_at timestamptz;
  found_investor boolean;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF OLD.role_id <> 5 THEN RETURN OLD; END IF;
    investor_id := OLD.id;
  ELSIF TG_TABLE_NAME = 'documents' THEN
    IF OLD.subject_type <> 'investor' THEN RETURN OLD; END IF;
    investor_id := OLD.subject_id;
  ELSE
    investor_id := OLD.user_id;
  END IF;
  SELECT true, deleted_at INTO found_investor, closed_at FROM users WHERE id = investor_id AND role_id = 5;
  IF found_investor AND (closed_at IS NULL OR closed_at > now() - interval '5 years') THEN
    RAISE EXCEPTION 'Records of investor % are kept five years after the account is closed: DELETE on % is not allowed', investor_id, TG_TABLE_NAME
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER users_retention BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_retained_investor_records();--> statement-breakpoint
CREATE TRIGGER investor_categorisations_retention BEFORE DELETE ON investor_categorisations
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_retained_investor_records();--> statement-breakpoint
CREATE TRIGGER compliance_attempts_retention BEFORE DELETE ON compliance_attempts
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_retained_investor_records();--> statement-breakpoint
CREATE TRIGGER documents_retention BEFORE DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION refuse_removing_retained_investor_records();
