-- The insider register is append-only (DOMAIN.md "Insider register"): market-sounding acceptances
-- are never edited or deleted, whoever asks, so the database itself refuses it.
CREATE OR REPLACE FUNCTION refuse_insider_register_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'The insider register is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER market_sounding_acceptances_append_only
  BEFORE UPDATE OR DELETE ON market_sounding_acceptances
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();
