ALTER TABLE "notification" ADD COLUMN "subject_view" varchar(32);--> statement-breakpoint
ALTER TABLE "product_settings" ADD COLUMN "replan_after_fault_minutes" integer DEFAULT 10 NOT NULL;