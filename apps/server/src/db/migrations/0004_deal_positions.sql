-- Positions are dense and unique per pipeline (stages) and per stage (deals). The check is deferred
-- to commit: moving a deal shifts a range of positions by one, which collides row by row inside a
-- single UPDATE. Soft-deleted rows have no position (NULLs never collide). See docs/decisions/0007.
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_position_unique" UNIQUE ("pipeline_id", "position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_position_unique" UNIQUE ("stage_id", "position") DEFERRABLE INITIALLY DEFERRED;
