CREATE TABLE "background_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(100) NOT NULL,
	"channel" varchar(200),
	"state" varchar(16) NOT NULL,
	"progress" double precision,
	"message" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"creator_id" uuid,
	"creation_time" timestamp with time zone DEFAULT now() NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"last_modification_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "background_jobs_state" ON "background_jobs" USING btree ("state");